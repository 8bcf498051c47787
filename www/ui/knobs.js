// The generator's knobs beside it (Binary Tree's corner, SideWinder's chance of closing a run,
// …): shown only for a generator that has some, one control each, as the module lists them
// (generatorKnobs). The settings keep them as the module's own text, NAME=VALUE joined by commas,
// with the knobs at their defaults left out, so a maze without knobs is the maze it always was.

import { t } from '../words/i18n.js';

export class KnobControls {
  /**
   * @param {Document} doc
   * @param {object} api  { generatorKnobs(name) → [{ name, value, words } | { name, value, min, max, whole }] }
   * @param {(knobs: string) => void} changed  called with the new knobs text when one is let go
   */
  constructor(doc, api, changed) {
    this.doc = doc;
    this.api = api;
    this.changed = changed;
    this.field = doc.getElementById('knobs-field');
    this.box = doc.getElementById('knobs');
    this.note = doc.getElementById('knobs-note');
    // The generator and knobs on show, so a redraw happens only when they change.
    this.shown = null;
    this.controls = [];
  }

  /** Shows the knobs of `generator` at the values of `text` (NAME=VALUE, …). */
  show(generator, text) {
    if (!this.field) return;
    this.last = [generator, text];
    const key = `${generator}|${text}|${this.doc.documentElement.lang}`;
    if (this.shown === key) return;
    this.shown = key;
    let knobs = [];
    try {
      knobs = this.api.generatorKnobs(generator);
    } catch {
      knobs = [];
    }
    this.field.hidden = knobs.length === 0;
    this.note.hidden = knobs.length === 0;
    this.box.replaceChildren();
    this.controls = [];
    if (knobs.length === 0) return;
    const given = new Map(String(text || '').split(',').filter(Boolean).map((pair) => pair.split('=')));
    for (const knob of knobs) this.controls.push(this.control(knob, given.get(knob.name) ?? knob.value));
    this.note.textContent = t(`page.knobNote-${generator}`);
    this.follow();
  }

  /** Shows the same knobs again in the page's new language. */
  relabel() {
    this.shown = null;
    if (this.last) this.show(...this.last);
  }

  /** One knob's label, value and control. */
  control(knob, value) {
    const doc = this.doc;
    const wrap = doc.createElement('div');
    wrap.className = 'knob';
    const row = doc.createElement('div');
    row.className = 'label-row';
    const label = doc.createElement('label');
    label.htmlFor = `knob-${knob.name}`;
    label.textContent = t(`page.knob-${knob.name}`);
    row.append(label);
    let input;
    let shown = null;
    if (knob.words) {
      input = doc.createElement('select');
      for (const word of knob.words) {
        const option = doc.createElement('option');
        option.value = word;
        option.textContent = t(`page.knobWord-${word}`);
        input.append(option);
      }
    } else {
      input = doc.createElement('input');
      input.type = 'range';
      input.min = String(knob.min);
      input.max = String(knob.max);
      input.step = knob.whole ? '1' : '0.05';
      shown = doc.createElement('span');
      shown.className = 'value';
      shown.setAttribute('aria-hidden', 'true');
      row.append(shown);
    }
    input.id = `knob-${knob.name}`;
    input.value = value;
    const show = () => {
      if (!shown) return;
      shown.textContent = input.value;
      input.setAttribute('aria-valuetext', input.value);
    };
    show();
    input.addEventListener('input', () => {
      show();
      this.follow();
    });
    input.addEventListener('change', () => this.changed(this.text()));
    wrap.append(row, input);
    this.box.append(wrap);
    return { knob, input, wrap };
  }

  /** The growing tree's mix is read only with the policy mix: shown only then. */
  follow() {
    const policy = this.controls.find((c) => c.knob.name === 'policy');
    const mix = this.controls.find((c) => c.knob.name === 'mix');
    if (policy && mix) mix.wrap.hidden = policy.input.value !== 'mix';
    
  }

  /** The knobs text of the controls: those away from their defaults (and on show). */
  text() {
    return this.controls
      .filter(({ knob, input, wrap }) => !wrap.hidden && input.value !== knob.value && Number(input.value) !== Number(knob.value))
      .map(({ knob, input }) => `${knob.name}=${input.value}`)
      .join(',');
  }
}
