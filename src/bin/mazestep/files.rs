//! Reading the files the options name: a mask (rows of text, or a PNG picture) and a world
//! (world text). No more of a file is read than the largest allowed, so a file that goes on
//! (`/dev/zero`) is refused once it has; every message names the file.

use mazestep::maze::MAX_SIDE;
use mazestep::parse;
use mazestep::topology::{mask_makers, Mask};
use mazestep::world;

/// The most bytes a world file may have: [`MAX_SIDE`] rows of [`MAX_SIDE`] cells, each with a
/// `\r\n`, and a little more for a byte order mark and blank lines around them.
const MAX_WORLD_BYTES: u64 = MAX_SIDE as u64 * (MAX_SIDE as u64 + 2) + 64 * 1024;

/// Reads `--world FILE`: its size and cells, and the start and goal it marks. No more than
/// the largest world is read: a file that goes on (`/dev/zero`) is refused once it has.
pub fn read_world(file: &str) -> Result<world::text::WorldText, String> {
    let bytes = read_bounded(file, "world file", MAX_WORLD_BYTES)?;
    if bytes.len() as u64 > MAX_WORLD_BYTES {
        return Err(format!(
            "world file {} is too big: a world has at most {MAX_SIDE} rows of {MAX_SIDE} \
             cells, so at most {MAX_WORLD_BYTES} bytes are read",
            parse::quote(file)
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        format!(
            "cannot read world file {}: it is not UTF-8 text",
            parse::quote(file)
        )
    })?;
    world::text::parse(&text).map_err(|e| format!("world file {}: {e}", parse::quote(file)))
}

/// Reads at most `max` + 1 bytes of `file` (a `what` in messages): one more than the largest
/// allowed, so the caller can tell a file that is too big without reading it all.
fn read_bounded(file: &str, what: &str, max: u64) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read {what} {}: {e}", parse::quote(file)))?;
    Ok(bytes)
}

/// The most bytes a mask file may have: [`MAX_SIDE`] rows of the longest row `Mask::parse`
/// takes (4 × [`MAX_SIDE`] cells), each with a `\r\n` (about 64 MiB; a PNG picture too).
const MAX_MASK_BYTES: u64 = MAX_SIDE as u64 * (4 * MAX_SIDE as u64 + 2);

/// What a mask file holds: rows of text, or a picture.
pub enum MaskFile {
    Text(Mask),
    Picture(Picture),
}

/// A picture decoded from a PNG file: RGBA bytes, 4 a pixel, row by row from the top left.
pub struct Picture {
    pub rgba: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// The first bytes of every PNG file.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// Reads a mask file: a PNG picture if it starts as one does (whatever its name), else text
/// to parse. Every message names the file.
pub fn read_mask(file: &str) -> Result<MaskFile, String> {
    let cannot =
        |e: &dyn std::fmt::Display| format!("cannot read mask file {}: {e}", parse::quote(file));
    let bytes = read_bounded(file, "mask file", MAX_MASK_BYTES)?;
    let png = bytes.starts_with(PNG_SIGNATURE);
    if bytes.len() as u64 > MAX_MASK_BYTES {
        return Err(if png {
            format!(
                "mask file {} is too big: a mask picture has at most {MAX_MASK_BYTES} bytes",
                parse::quote(file)
            )
        } else {
            format!(
                "mask file {} is too big: a mask has at most {MAX_SIDE} rows of {} cells",
                parse::quote(file),
                4 * MAX_SIDE
            )
        });
    }
    if png {
        return read_png(file, &bytes).map(MaskFile::Picture);
    }
    let text =
        String::from_utf8(bytes).map_err(|_| cannot(&"stream did not contain valid UTF-8"))?;
    Mask::parse(&text)
        .map(MaskFile::Text)
        .map_err(|e| format!("mask file {}: {e}", parse::quote(file)))
}

/// Decodes a PNG file into RGBA bytes, whatever its colour type and depth (16-bit samples
/// keep their high byte, palettes and grey are expanded, transparency becomes alpha).
fn read_png(file: &str, bytes: &[u8]) -> Result<Picture, String> {
    let bad = |e: &dyn std::fmt::Display| {
        let why = e.to_string().replace(['\n', '\r'], " ");
        format!(
            "mask file {} is not a PNG picture that can be read: {why}",
            parse::quote(file)
        )
    };
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| bad(&e))?;
    let (width, height) = reader.info().size();
    if width > mask_makers::MAX_PICTURE_SIDE || height > mask_makers::MAX_PICTURE_SIDE {
        return Err(format!(
            "mask file {} is a picture of {width}x{height} pixels: a mask picture has at most \
             {} pixels a side",
            parse::quote(file),
            mask_makers::MAX_PICTURE_SIDE
        ));
    }
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| bad(&"the picture is too big"))?;
    let mut buffer = vec![0; size];
    let frame = reader.next_frame(&mut buffer).map_err(|e| bad(&e))?;
    let samples = &buffer[..frame.buffer_size()];
    let pixels = width as usize * height as usize;
    let channels = frame.color_type.samples();
    // Rows may be padded: take each row's pixels.
    let mut rgba = Vec::with_capacity(pixels * 4);
    for row in samples.chunks(frame.line_size).take(height as usize) {
        for pixel in row[..width as usize * channels].chunks(channels) {
            rgba.extend_from_slice(&match *pixel {
                [grey] => [grey, grey, grey, 255],
                [grey, alpha] => [grey, grey, grey, alpha],
                [r, g, b] => [r, g, b, 255],
                [r, g, b, a] => [r, g, b, a],
                _ => return Err(bad(&"its colours cannot be read")),
            });
        }
    }
    if rgba.len() != pixels * 4 {
        return Err(bad(&"the picture ends early"));
    }
    Ok(Picture {
        rgba,
        width,
        height,
    })
}
