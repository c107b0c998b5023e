//! A saved run as one JSON object: what `--save-info` prints, and each element of `--saves`.

use delve_core::dungeon::Origin;
use delve_core::run::Run;
use delve_core::save::FORMAT;

/// A saved run, saved by Delve release `game`, as one JSON object (the schema is in
/// docs/cli.md): what `--save-info` prints, and each element of `--saves` (with its `id`).
pub(crate) fn info_value(run: &Run, game: &str) -> serde_json::Value {
    let map = &run.dungeon().level().map;
    let (seed, corridors, size) = match run.dungeon().origin() {
        Origin::Run(p) => (
            serde_json::json!(p.seed),
            serde_json::json!(p.style.name()),
            (p.width, p.height),
        ),
        Origin::Map => (
            serde_json::Value::Null,
            serde_json::Value::Null,
            (map.width(), map.height()),
        ),
    };
    serde_json::json!({
        "seed": seed,
        "depth": run.dungeon().depth(),
        "turn": run.turn(),
        "version": FORMAT,
        "game": game,
        "width": size.0,
        "height": size.1,
        "corridors": corridors,
        "hp": run.player().health.hp,
        "max_hp": run.player().health.max,
        "deepest": run.record().deepest,
        "slain": run.record().slain,
    })
}

/// Adds what came after `"id"` to a saved run's object (`info_value` with its id): the score
/// and the gold carried. In this order, so every field stays where it was.
pub(crate) fn add_tail(value: &mut serde_json::Value, run: &Run) {
    value["score"] = serde_json::json!(run.score());
    value["gold"] = serde_json::json!(run.player().gold);
}
