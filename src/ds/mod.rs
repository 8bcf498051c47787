//! The data structures the algorithms are built on, each in its own file with its own tests:
//! an algorithm's file is about the algorithm, and uses these by name.
//!
//! - [`quad_heap`]: a four-way heap (greedy best-first, weighted A*), whose pushes and pops
//!   can be taken back exactly.
//! - [`bucket_queue`]: buckets of four-way heaps by weight (true Prim's frontier).

pub mod bucket_queue;
pub mod quad_heap;
