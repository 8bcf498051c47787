//! The best paths from start to goal on the world a run's solver searched (the maze as it
//! stands: edits, terrain, mask, shape, and the run's diagonal moves): the fewest cells, and
//! the lowest cost. The page's "not the shortest" and "not the cheapest" notes compare a
//! solver's path with these, so they cannot go stale after an edit.

use std::collections::VecDeque;

use crate::maze::Maze;
use crate::topology::Side;
use crate::world::{
    diagonal_bits, diagonal_through, path_cost, Corners, DIAGONAL_UNIT, NORTH_EAST, UNIT,
};

/// A path with the fewest cells from `start` to `goal` and, of those, the cheapest (a
/// breadth-first search that keeps, for each cell, the cheapest parent one ring nearer the
/// start), start first; `None` when the goal cannot be reached. Diagonal moves only on the
/// plain square grid, as the solvers make them.
pub fn fewest_cells(
    maze: &Maze,
    start: usize,
    goal: usize,
    corners: Corners,
) -> Option<Vec<usize>> {
    const UNSEEN: u32 = u32::MAX;
    let len = maze.len();
    if start >= len || goal >= len {
        return None;
    }
    let diagonal = maze.grid().is_none() && corners.diagonal();
    let width = maze.width() as usize;
    let mut ring = vec![UNSEEN; len];
    let mut units = vec![u64::MAX; len];
    let mut parent = vec![usize::MAX; len];
    let mut queue = VecDeque::from([start]);
    ring[start] = 0;
    units[start] = 0;
    while let Some(cell) = queue.pop_front() {
        // Every cell of the ring before the goal's has been taken: its cost is final.
        if cell == goal {
            break;
        }
        let mut reach = |next: usize, per: u64| {
            let cost = units[cell] + u64::from(maze.cost(next)) * per;
            if ring[next] == UNSEEN {
                ring[next] = ring[cell] + 1;
                queue.push_back(next);
            } else if ring[next] != ring[cell] + 1 || cost >= units[next] {
                return;
            }
            units[next] = cost;
            parent[next] = cell;
        };
        let mut sides = maze.cell(cell);
        while sides != 0 {
            let side = sides.trailing_zeros() as Side;
            sides &= sides - 1;
            if let Some(next) = maze.passage_through(cell, side) {
                reach(next, UNIT);
            }
        }
        if diagonal {
            let mut diagonals = diagonal_bits(maze, cell, corners);
            while diagonals != 0 {
                let side = diagonals.trailing_zeros() as Side;
                diagonals &= diagonals - 1;
                debug_assert!(side >= NORTH_EAST);
                reach(diagonal_through(width, cell, side), DIAGONAL_UNIT);
            }
        }
    }
    if ring[goal] == UNSEEN {
        return None;
    }
    let mut path = vec![goal];
    while let Some(&cell) = path.last().filter(|&&cell| cell != start) {
        path.push(parent[cell]);
    }
    path.reverse();
    Some(path)
}

/// What a found path is compared with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BestPaths {
    /// The fewest cells on a path from start to goal (start and goal counted).
    pub shortest_cells: usize,
    /// The lowest cost of a path with that many cells.
    pub shortest_cost: f64,
    /// The lowest cost of any path (Dijkstra by cost).
    pub cheapest_cost: f64,
    /// The cells on the cheapest path Dijkstra found (another cheapest path may have more or fewer).
    pub cheapest_cells: usize,
}

/// The shortest path's cells and cost, given the cheapest path's; see [`BestPaths`].
pub fn best_paths(
    maze: &Maze,
    start: usize,
    goal: usize,
    corners: Corners,
    cheapest: (f64, usize),
) -> Option<BestPaths> {
    let shortest = fewest_cells(maze, start, goal, corners)?;
    Some(BestPaths {
        shortest_cells: shortest.len(),
        shortest_cost: path_cost(maze, &shortest),
        cheapest_cost: cheapest.0,
        cheapest_cells: cheapest.1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::maze::Direction;

    /// A 5×3 room with every wall inside open: start top left, goal top right.
    fn open_room(water: usize) -> Maze {
        let mut board = Board::new(Maze::new(5, 3).unwrap());
        for cell in 0..15 {
            for dir in [Direction::East, Direction::South] {
                if board.maze().neighbour(cell, dir).is_some() {
                    board.carve(cell, dir);
                }
            }
        }
        board.set_terrain(water, 8);
        board.maze().clone()
    }

    #[test]
    fn the_fewest_cells_take_the_cheaper_of_equal_rings() {
        // Water on cell 2 of the top row: a detour round it is cheaper but longer, and
        // without diagonals the top row is the only path of five cells.
        let maze = open_room(2);
        let path = fewest_cells(&maze, 0, 4, Corners::Never).unwrap();
        assert_eq!(path, vec![0, 1, 2, 3, 4]);
        // With diagonal moves there are other paths of five cells: the cheapest of them
        // steps round the water.
        let diagonal = fewest_cells(&maze, 0, 4, Corners::Always).unwrap();
        assert_eq!(diagonal.len(), 5, "{diagonal:?}");
        assert!(
            !diagonal.contains(&2),
            "the cheaper of the five-cell paths: {diagonal:?}"
        );
    }

    #[test]
    fn an_unreachable_goal_has_no_shortest_path() {
        let maze = Maze::new(3, 1).unwrap();
        assert_eq!(fewest_cells(&maze, 0, 2, Corners::Always), None);
        assert_eq!(fewest_cells(&maze, 0, 0, Corners::Never), Some(vec![0]));
    }
}
