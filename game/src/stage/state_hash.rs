//! The state hash: a stable 64-bit hash (FNV-1a) of the position in play,
//! from what the level means and nothing of how the store keeps it.
//!
//! Each live Thing is named as the level names it — by its level id (a
//! knight's rope by `KNIGHT_rope`), a rope segment by its rope's name and
//! its place along the rope — and hashed with its kind, its cell, the name
//! of what holds it, and its payload: facing, hero kind, action points,
//! capabilities, rope length, the cells of its watcher's route and its
//! place on it, flags. The Things' hashes are combined in sorted order,
//! with the turn and how play stands (playing, cleared, retreated, lost).
//! Store slot numbers and generations are left out, so the same position
//! held in other slots (another order of actions, another order of the
//! level's things) hashes the same; equal positions, equal hashes, on
//! every machine and build.

use super::Stage;
use crate::io::hash::Fnv1a;
use crate::things::{Thing, ThingIndex, ThingKind};

impl Stage {
    /// The state hash of this position (see the module docs).
    pub fn state_hash(&self) -> u64 {
        let mut things: Vec<u64> = self
            .store
            .things()
            .iter()
            .skip(1)
            .take_while(|t| !t.never_used())
            .filter(|t| t.is_live())
            .map(|t| self.thing_hash(t))
            .collect();
        things.sort_unstable();
        let mut hash = Fnv1a::new();
        hash.write_u32(self.turn);
        hash.write(&[self.outcome() as u8]);
        hash.write_u32(things.len() as u32);
        for h in things {
            hash.write(&h.to_le_bytes());
        }
        hash.finish()
    }

    /// One live Thing's hash (see the module docs).
    fn thing_hash(&self, t: &Thing) -> u64 {
        let mut hash = Fnv1a::new();
        self.write_name(&mut hash, t.index());
        hash.write(&[t.kind() as u8]);
        hash.write_u16(t.cell().0);
        match t.parent() {
            Some(parent) => self.write_name(&mut hash, parent),
            None => hash.write(&[0]),
        }
        let d = t.data;
        hash.write(&[d.facing as u8, d.hero as u8, d.action_points]);
        hash.write_u16(d.capabilities.bits());
        hash.write_u16(d.rope_len_cells);
        let route = self.route(d.route);
        hash.write_u32(route.len() as u32);
        for cell in route {
            hash.write_u32(cell.x as u32);
            hash.write_u32(cell.y as u32);
        }
        hash.write_u16(d.route_step);
        hash.write_u16(u16::from(d.flags.bits()));
        hash.finish()
    }

    /// The name of the Thing in slot `index`, as the level gives it: its
    /// level id, or for a rope segment its rope's name and its place.
    fn write_name(&self, hash: &mut Fnv1a, index: ThingIndex) {
        let id = |index: ThingIndex| {
            self.names
                .iter()
                .find(|(i, _, _)| *i == index)
                .map(|(_, id, _)| id.as_str())
        };
        // Segments are spawned in play, into any free slot: never named.
        let thing = self.store.things().get(usize::from(index));
        if let Some(t) = thing.filter(|t| t.kind() == ThingKind::RopeSegment) {
            let rope = id(t.data.link).unwrap_or("");
            hash.write(&[2]);
            hash.write_u32(rope.len() as u32);
            hash.write(rope.as_bytes());
            hash.write_u16(t.data.rope_len_cells);
        } else if let Some(name) = id(index) {
            hash.write(&[1]);
            hash.write_u32(name.len() as u32);
            hash.write(name.as_bytes());
        } else {
            // Not a Thing the level names: its kind only.
            hash.write(&[3, thing.map_or(0, |t| t.kind() as u8)]);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, DeployDir, Target};
    use crate::grid::CellPos;
    use crate::level::load_text;
    use crate::session::Session;
    use crate::stage::Stage;

    /// A hall five cells wide at y = 3 (the entrance at 0,3), and a shaft
    /// down from it at x = 1.
    const GRID: &str = "###########
#@........#
###.#######
###.#######
###.#######
###.#######
###.#######
###.#######
###########";

    const THINGS: [&str; 4] = [
        "knight = hero knight at 0,3 rope 8",
        "scout = hero scout at 3,3",
        "bucket = item bucket at 2,3 flags ACQUIRE|PLACE|CONTAIN",
        "guard = watcher at 4,3 route 4,3 3,3",
    ];

    fn play(things: &[&str]) -> Session {
        let text = format!(
            "[level]\nname = \"Hash test\"\n\n[grid]\n{GRID}\n\n[things]\n{}\n",
            things.join("\n")
        );
        let level = load_text("hash.txt", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        Session::new(&level).expect("sets up")
    }

    fn deploy(s: &mut Session) {
        let hero = s.stage().find("knight").expect("knight");
        let action = Action::DeployRope {
            hero,
            dir: DeployDir::Right,
        };
        s.perform(&action).expect("the rope hangs");
    }

    fn slot(stage: &Stage, name: &str) -> u16 {
        stage.find(name).expect("named").index()
    }

    #[test]
    fn the_same_position_in_other_slots_hashes_the_same() {
        let mut a = play(&THINGS);
        let mut reversed = THINGS;
        reversed.reverse();
        let mut b = play(&reversed);
        assert_ne!(
            slot(a.stage(), "knight"),
            slot(b.stage(), "knight"),
            "the store holds them in other slots"
        );
        assert_eq!(a.state_hash(), b.state_hash());
        // Rope segments are spawned in play and name their rope by its
        // slot, which differs.
        deploy(&mut a);
        deploy(&mut b);
        assert_ne!(
            slot(a.stage(), "knight_rope"),
            slot(b.stage(), "knight_rope")
        );
        assert_eq!(a.state_hash(), b.state_hash());
    }

    #[test]
    fn different_positions_hash_differently() {
        let mut s = play(&THINGS);
        let start = s.state_hash();
        // A hero and an item in each other's place: another position.
        let swapped = play(&[
            "knight = hero knight at 0,3 rope 8",
            "scout = hero scout at 2,3",
            "bucket = item bucket at 3,3 flags ACQUIRE|PLACE|CONTAIN",
            "guard = watcher at 4,3 route 4,3 3,3",
        ]);
        assert_ne!(swapped.state_hash(), start);
        deploy(&mut s);
        let deployed = s.state_hash();
        assert_ne!(deployed, start, "a rope hangs");
        let scout = s.stage().find("scout").expect("scout");
        let to = Target::Cell(CellPos::new(2, 3));
        s.perform(&Action::Move { hero: scout, to }).expect("walks");
        let walked = s.state_hash();
        assert_ne!(walked, deployed, "the scout walked");
        s.perform(&Action::EndTurn).expect("ends");
        assert_ne!(s.state_hash(), walked, "the next round");
        assert!(s.undo() && s.undo());
        assert_eq!(s.state_hash(), deployed, "undone, the same position");
    }
}
