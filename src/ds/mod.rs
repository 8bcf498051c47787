//! The data structures the algorithms are built on, each in its own file with its own tests:
//! an algorithm's file is about the algorithm, and uses these by name.
//!
//! - [`quad_heap`]: a four-way heap (greedy best-first, weighted A*), whose pushes and pops
//!   can be taken back exactly.
//! - [`bucket_queue`]: buckets of four-way heaps by weight (true Prim's frontier).
//! - [`parents`]: a search's parent links, and following them back into the path.
//! - [`state_set`]: (cell, heading) states, four bits a cell (a wall follower's memory).
//! - [`union_find`]: a disjoint-set forest whose joins can be taken back (Kruskal's sets).

pub mod bucket_queue;
pub mod parents;
pub mod quad_heap;
pub mod state_set;
pub mod union_find;
