//! A flood kept layer by layer: the cells it reached in the order reached, cut into layers
//! (layer `d`: the cells `d` moves from where it began), and each cell's place in that order.
//!
//! A breadth-first search's queue, kept whole instead of emptied: a cell's layer is its
//! distance, found by where its place falls between the layers' beginnings (a binary search
//! over the layers, not four bytes more a cell), and a step that made a layer is taken back by
//! dropping the newest layer. The collision solver and the shortest-paths finder flood with
//! it.

/// "Not reached" in [`Layers`]' places.
const NOT_REACHED: u32 = u32::MAX;

/// The cells a flood reached, layer by layer.
#[derive(Clone, Debug)]
pub struct Layers {
    /// Every cell reached, layer after layer.
    order: Vec<u32>,
    /// Where each layer begins in `order`.
    begins: Vec<u32>,
    /// Each cell's index in `order`, [`NOT_REACHED`] if not reached.
    place: Vec<u32>,
}

impl Layers {
    /// An empty flood on a grid of `cells` cells.
    pub fn new(cells: usize) -> Layers {
        Layers {
            order: Vec::new(),
            begins: Vec::new(),
            place: vec![NOT_REACHED; cells],
        }
    }

    /// Begins a new layer (empty until cells are added).
    pub fn open_layer(&mut self) {
        self.begins.push(self.order.len() as u32);
    }

    /// Adds `cell` to the newest layer, if the flood has not reached it; says whether it added.
    pub fn add(&mut self, cell: usize) -> bool {
        if self.place[cell] != NOT_REACHED {
            return false;
        }
        self.place[cell] = self.order.len() as u32;
        self.order.push(cell as u32);
        true
    }

    /// Drops the newest layer: its cells are not reached any more.
    pub fn drop_layer(&mut self) {
        let Some(begin) = self.begins.pop() else {
            return;
        };
        for &cell in &self.order[begin as usize..] {
            self.place[cell as usize] = NOT_REACHED;
        }
        self.order.truncate(begin as usize);
    }

    /// How many layers there are (the newest is `layer_count() - 1`).
    pub fn layer_count(&self) -> usize {
        self.begins.len()
    }

    /// The cells of layer `d`, in the order reached.
    pub fn layer(&self, d: usize) -> &[u32] {
        let begin = self.begins.get(d).map_or(self.order.len(), |&b| b as usize);
        let end = self
            .begins
            .get(d + 1)
            .map_or(self.order.len(), |&e| e as usize);
        &self.order[begin..end]
    }

    /// The cells of the newest layer.
    pub fn newest(&self) -> &[u32] {
        self.layer(self.begins.len().saturating_sub(1))
    }

    /// The layer `cell` is in (its distance), if reached.
    pub fn depth(&self, cell: usize) -> Option<usize> {
        let place = self.place[cell];
        (place != NOT_REACHED).then(|| self.begins.partition_point(|&b| b <= place) - 1)
    }

    /// `cell`'s index within the newest layer, if it is in that layer.
    pub fn newest_slot(&self, cell: usize) -> Option<usize> {
        let begin = *self.begins.last()?;
        let place = self.place[cell];
        (place != NOT_REACHED && place >= begin).then(|| (place - begin) as usize)
    }

    /// Whether the flood has reached `cell`.
    pub fn reached(&self, cell: usize) -> bool {
        self.place[cell] != NOT_REACHED
    }

    /// Every cell reached, layer after layer.
    pub fn cells(&self) -> &[u32] {
        &self.order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_give_depths_and_slots_and_drop_back() {
        let mut layers = Layers::new(10);
        layers.open_layer();
        assert!(layers.add(4));
        layers.open_layer();
        assert!(layers.add(3) && layers.add(5));
        assert!(!layers.add(4), "a cell is reached once");
        layers.open_layer();
        assert!(layers.add(2));
        assert_eq!(layers.layer_count(), 3);
        assert_eq!(layers.layer(1), &[3, 5]);
        assert_eq!(layers.newest(), &[2]);
        assert_eq!(layers.depth(4), Some(0));
        assert_eq!(layers.depth(5), Some(1));
        assert_eq!(layers.depth(2), Some(2));
        assert_eq!(layers.depth(9), None);
        assert_eq!(layers.newest_slot(2), Some(0));
        assert_eq!(layers.newest_slot(5), None, "not in the newest layer");
        layers.drop_layer();
        assert_eq!(layers.depth(2), None);
        assert_eq!(layers.newest_slot(5), Some(1));
        assert_eq!(layers.newest(), &[3, 5]);
        assert_eq!(layers.cells(), &[4, 3, 5]);
        // An empty newest layer still counts, and drops.
        layers.open_layer();
        assert_eq!(layers.newest(), &[] as &[u32]);
        assert_eq!(layers.layer_count(), 3);
        layers.drop_layer();
        assert_eq!(layers.layer_count(), 2);
    }
}
