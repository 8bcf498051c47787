//! An entry of A*'s open set as it is taken out: what both of its forms
//! ([`slot_heap`](crate::ds::slot_heap) and [`two_score_levels`](crate::ds::two_score_levels))
//! hold and hand out, in a file of its own so that neither depends on the open set that
//! chooses between them.

/// An entry of the open set as it is taken out: its scores and its cell as column and row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The priority, `g + weight · h`.
    pub(crate) f: u32,
    /// The guess of the distance still to go.
    pub(crate) h: u32,
    /// The cell, as column and row.
    pub(crate) xy: (u32, u32),
}
