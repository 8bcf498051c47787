//! The data structures the algorithms are built on, each in its own file with its own tests:
//! an algorithm's file is about the algorithm, and uses these by name.
//!
//! - [`quad_heap`]: a four-way heap (greedy best-first, weighted A*), whose pushes and pops
//!   can be taken back exactly.
//! - [`bucket_queue`]: buckets of four-way heaps by weight (true Prim's frontier).
//! - [`open_set`]: A*'s open set, lowest `f` then lowest `h` first, in one of the two forms
//!   below.
//! - [`two_level_buckets`]: plain A*'s open set, a first-in-first-out queue per `h` for each of
//!   the only two values of `f` it holds.
//! - [`slot_heap`]: weighted A*'s open set, a four-way heap of packed entries with a one-entry
//!   slot in front.
//! - [`dial_queue`]: Dijkstra's queue when every passage costs 1, two lists read first in
//!   first out (Dial's algorithm).
//! - [`cost_buckets`]: Dijkstra's queue when moves cost 1 to 9 (terrain, four moves): a list
//!   per distance, used round and round (Dial's algorithm again).
//! - [`score_buckets`]: A*'s open set on terrain with four moves: a level per `f`, used round
//!   and round, and a first-in-first-out queue per `h` in each.
//! - [`parents`]: a search's parent links, and following them back into the path.
//! - [`state_set`]: (cell, heading) states, four bits or a byte a cell (a wall follower's
//!   memory).
//! - [`union_find`]: a disjoint-set forest whose joins can be taken back (Kruskal's sets).
//!
//! A*'s and Dijkstra's structures keep their items `pub(crate)`, as they were when each was
//! private to its algorithm: public functions are compiled as if called from outside, which
//! changed what the compiler inlined (the wasm module grew by 0.7 KB, the search loops did
//! not change).

pub mod bucket_queue;
pub mod cost_buckets;
pub mod dial_queue;
pub mod open_entry;
pub mod open_set;
pub mod parents;
pub mod quad_heap;
pub mod score_buckets;
pub mod slot_heap;
pub mod state_set;
pub mod two_level_buckets;
pub mod union_find;
