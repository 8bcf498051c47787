//! The data structures the algorithms are built on, each in its own file with its own tests:
//! an algorithm's file is about the algorithm, and uses these by name. They write what taking
//! a step back needs into undo notes ([`crate::notes::NoteSink`]), and know nothing of boards.
//!
//! Heaps:
//! - [`quad_heap`]: a four-way heap (greedy best-first, the searches by cost), whose pushes and
//!   pops can be taken back exactly.
//! - [`slot_heap`]: weighted A*'s open set, a four-way heap of packed entries with a one-entry
//!   slot in front.
//!
//! Bucket queues: a priority queue for keys that are small whole numbers, or whose top bits
//! are spread evenly, hands out entries for a few array reads instead of a climb through a
//! heap. Each gives exactly the order a heap would. Their names say what they order by
//! (*distance*: Dijkstra; *score*: A*'s `f`, then `h`; *weight*: true Prim's random weights)
//! and how many buckets they keep (*two*, or a *ring* used round and round):
//!
//! | module | used by | ordered by | buckets |
//! |---|---|---|---|
//! | [`two_distance_lists`] | Dijkstra, every passage costing 1 | distance | two lists, for `d` and `d + 1` (Dial's algorithm) |
//! | [`distance_ring`] | Dijkstra on terrain (costs 1 to 9, four moves) | distance | a ring of lists, one per distance `d` to `d + 9` |
//! | [`two_score_levels`] | plain A* (weight 1) | `f`, then `h` | two levels of `f`, a queue per `h` in each |
//! | [`score_ring`] | A* on terrain (weight 1, four moves) | `f`, then `h` | a ring of levels of `f`, a queue per `h` in each |
//! | [`weight_heaps`] | true Prim | random weight | a small heap per top bits of the weight, and a bitmap of the busy ones |
//!
//! A*'s open set:
//! - [`open_set`]: A*'s open set, lowest `f` then lowest `h` first, as [`two_score_levels`]
//!   or [`slot_heap`] (chosen by the weight and the grid), whose entries are
//!   `Entry` ([`open_entry`]).
//!
//! And the rest:
//! - [`big_count`]: a whole number of any size that can only grow (the number of shortest
//!   paths).
//! - [`layers`]: a flood kept layer by layer (a cell's layer is its distance).
//! - [`parents`]: a search's parent links, and following them back into the path.
//! - [`state_set`]: (cell, heading) states, four bits or a byte a cell (a wall follower's
//!   memory).
//! - [`union_find`]: a disjoint-set forest whose joins can be taken back (Kruskal's sets).
//!
//! A*'s and Dijkstra's structures keep their items `pub(crate)`, as they were when each was
//! private to its algorithm: public functions are compiled as if called from outside, which
//! changed what the compiler inlined (the wasm module grew by 0.7 KB, the search loops did
//! not change).

pub mod big_count;
pub mod distance_ring;
pub mod layers;
pub mod open_entry;
pub mod open_set;
pub mod parents;
pub mod quad_heap;
pub mod score_ring;
pub mod slot_heap;
pub mod state_set;
pub mod two_distance_lists;
pub mod two_score_levels;
pub mod union_find;
pub mod weight_heaps;
