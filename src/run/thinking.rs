//! How the search thinks, cell by cell: the cell each reached cell came from, its cost so far
//! and the search's guess of the rest, as the solver on show knows them now (after a step
//! back too: the solvers take their links back as they undo). Read one cell at a time, or
//! every cell at once into a [`Thinking`] for a renderer.

use super::Run;
use crate::solvers::{self, Solver, NO_PARENT};

/// Every cell's came-from link, cost so far and estimate, −1 where there is none (the start's
/// link, cells not reached, a search that keeps no costs or makes no guess).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Thinking {
    pub came_from: Vec<i32>,
    pub cost_so_far: Vec<f32>,
    pub estimate: Vec<f32>,
}

impl Run {
    /// The cell the search reached `cell` from; `None` for the start, for a cell not reached
    /// (or out of range), and when no solver has begun.
    pub fn came_from(&self, cell: usize) -> Option<usize> {
        let solver = self.solver_for(cell)?;
        solver.search_parent(cell).filter(|&parent| parent != cell)
    }

    /// The cost of the way to `cell` the search knows (BFS's distance, Dijkstra's cost, A*'s
    /// g, in moves); `None` for a cell not reached and when no solver has begun.
    pub fn cost_so_far(&self, cell: usize) -> Option<f64> {
        solvers::cost_so_far(self.solver_for(cell)?, cell)
    }

    /// The search's guess of the cost from `cell` to the goal (A*'s h); `None` for a search
    /// that does not guess and when no solver has begun.
    pub fn estimate(&self, cell: usize) -> Option<f64> {
        self.solver_for(cell)?.estimate(cell)
    }

    /// Fills `view` with every cell's link, cost and estimate; returns how many cells the
    /// search has reached (the start counted).
    pub fn thinking_into(&self, view: &mut Thinking) -> usize {
        let len = self.maze().len();
        let mut parents = vec![NO_PARENT; len];
        view.came_from.clear();
        view.came_from.resize(len, -1);
        view.cost_so_far.clear();
        view.cost_so_far.resize(len, -1.0);
        view.estimate.clear();
        view.estimate.resize(len, -1.0);
        let Some(solver) = self.solver() else {
            return 0;
        };
        if !solver.parents_into(&mut parents) {
            for (cell, slot) in parents.iter_mut().enumerate() {
                *slot = solver.search_parent(cell).map_or(NO_PARENT, |p| p as u32);
            }
        }
        let mut reached = 0;
        for (cell, &parent) in parents.iter().enumerate() {
            if parent == NO_PARENT {
                continue;
            }
            reached += 1;
            if parent as usize != cell {
                view.came_from[cell] = parent as i32;
            }
            if let Some(h) = solver.estimate(cell) {
                view.estimate[cell] = h as f32;
            }
        }
        if solver.counts_moves() {
            count_moves(&parents, &mut view.cost_so_far);
        } else {
            for (cell, cost) in view.cost_so_far.iter_mut().enumerate() {
                if parents[cell] != NO_PARENT {
                    *cost = solver.cost_so_far(cell).map_or(-1.0, |c| c as f32);
                }
            }
        }
        reached
    }

    fn solver_for(&self, cell: usize) -> Option<&dyn Solver> {
        (cell < self.maze().len()).then_some(())?;
        self.solver()
    }
}

/// The moves from the start along `parents` for every reached cell, each link followed once:
/// a cell's count is its parent's plus one, found by walking up to a cell already counted.
fn count_moves(parents: &[u32], moves: &mut [f32]) {
    let mut way = Vec::new();
    for cell in 0..parents.len() {
        let mut at = cell;
        while moves[at] < 0.0 && parents[at] != NO_PARENT {
            if parents[at] as usize == at {
                moves[at] = 0.0;
                break;
            }
            way.push(at);
            at = parents[at] as usize;
        }
        if moves[at] < 0.0 {
            // Not reached, or a link into a cell without one: leave the way unknown.
            way.clear();
            continue;
        }
        let mut count = moves[at];
        while let Some(down) = way.pop() {
            count += 1.0;
            moves[down] = count;
        }
    }
}
