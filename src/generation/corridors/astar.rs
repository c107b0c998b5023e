//! `astar`: the shortest corridor between a door in each room's facing wall (seed 003, "simple
//! A*"). The search itself is `Builder::route`; this style is `join_doors` with no shape.

#[cfg(test)]
mod tests {
    use crate::generation::corridors::CorridorStyle;
    use crate::generation::corridors::tests::{assert_style_levels, corridor_stats};

    #[test]
    fn levels_are_valid() {
        assert_style_levels(CorridorStyle::AStar);
    }

    #[test]
    fn corridors_are_shortest_paths_between_doors() {
        // A* corridors never double back, so they run mostly in straight lines with few bends
        // compared with the zigzag styles.
        let (astar, nethack) = (
            corridor_stats(CorridorStyle::AStar),
            corridor_stats(CorridorStyle::NetHack),
        );
        assert!(astar.tiles > 0);
        assert!(
            astar.bends_per_tile() < nethack.bends_per_tile(),
            "{astar:?} vs {nethack:?}"
        );
    }
}
