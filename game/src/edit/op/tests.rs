use super::*;
use crate::edit::selection::{self, Area};
use crate::edit::EditError;
use crate::grid::{CellKind, CellPos, Dir, Edge, EdgePos, PortalEnd, PortalKind};
use crate::level::fixtures::{self, LOOP_BACK, TWO_ROOMS};
use crate::level::text::{check_text_draft, to_text};
use crate::level::{HeroKind, ItemFlags};
use crate::level::{ThingSpec, ThingSpecKind};

fn c(x: i32, y: i32) -> CellPos {
    CellPos::new(x, y)
}

/// An empty `w`×`h` level: walled air with the entrance at 0,0 and a knight.
pub(crate) fn blank(w: usize, h: usize) -> Level {
    Level {
        name: "Test".into(),
        notes: Vec::new(),
        grid: crate::grid::Grid::new(w, h).expect("size"),
        entrance: c(0, 0),
        things: vec![hero("knight", HeroKind::Knight, c(0, 0))],
        portal_labels: Vec::new(),
        required_relics: None,
        par: None,
        requires: crate::equipment::EquipmentSet::EMPTY,
        forbids: crate::equipment::EquipmentSet::EMPTY,
    }
}

pub(crate) fn hero(id: &str, hero: HeroKind, cell: CellPos) -> ThingSpec {
    ThingSpec {
        id: id.into(),
        cell,
        kind: ThingSpecKind::Hero {
            hero,
            rope_len_cells: None,
        },
    }
}

/// The level read back from its own text: what a save and a reopen give.
pub(crate) fn reloaded(level: &Level) -> Level {
    match check_text_draft("edited", &to_text(level)) {
        Ok((back, _)) => back,
        Err(e) => panic!("{}\n{:?}", to_text(level), e),
    }
}

fn edge(level: &Level, e: EdgePos) -> Edge {
    level.grid.edge(e).expect("edge in grid")
}

#[test]
fn rock_walls_its_cell_in_and_digging_opens_onto_air() {
    let mut l = blank(4, 3);
    assert_eq!(paint_cell(&mut l, c(1, 1), CellKind::Rock), Ok(1));
    for dir in Dir::ALL {
        assert_eq!(edge(&l, EdgePos::of(c(1, 1), dir)), Edge::SOLID);
    }
    assert_eq!(
        paint_cell(&mut l, c(1, 1), CellKind::Rock),
        Ok(0),
        "no change"
    );
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    assert_eq!(paint_cell(&mut l, c(1, 1), CellKind::Air), Ok(1));
    for dir in Dir::ALL {
        assert_eq!(edge(&l, EdgePos::of(c(1, 1), dir)), Edge::OPEN, "{dir:?}");
    }
    assert_eq!(
        paint_cell(&mut l, c(0, 0), CellKind::Rock),
        Err(EditError::EntranceCell(c(0, 0)))
    );
    assert_eq!(
        paint_cell(&mut l, c(9, 0), CellKind::Rock),
        Err(EditError::CellOutside(c(9, 0)))
    );
    assert_eq!(reloaded(&l), l);
}

#[test]
fn a_room_is_air_inside_walls_and_merges_with_what_is_there() {
    let mut l = blank(8, 6);
    paint_rect(&mut l, c(0, 1), c(7, 5), CellKind::Rock).expect("fill");
    // Two overlapping rooms make one L-shaped room with no wall inside.
    assert!(room(&mut l, c(0, 1), c(3, 3)).expect("room") > 0);
    assert!(room(&mut l, c(2, 2), c(6, 4)).expect("room") > 0);
    assert_eq!(l.grid.cell(c(5, 4)), Some(CellKind::Air));
    assert_eq!(l.grid.cell(c(1, 4)), Some(CellKind::Rock));
    assert_eq!(edge(&l, EdgePos::vertical(3, 2)), Edge::OPEN, "merged");
    assert_eq!(edge(&l, EdgePos::horizontal(5, 5)), Edge::SOLID, "top wall");
    assert_eq!(edge(&l, EdgePos::horizontal(5, 2)), Edge::SOLID, "floor");
    assert_eq!(edge(&l, EdgePos::vertical(7, 3)), Edge::SOLID, "right wall");
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    assert_eq!(reloaded(&l), l);
}

#[test]
fn a_room_drawn_beside_another_joins_it() {
    let mut l = blank(8, 6);
    paint_rect(&mut l, c(0, 1), c(7, 5), CellKind::Rock).expect("fill");
    room(&mut l, c(1, 2), c(3, 3)).expect("room");
    // Touching on the right, then on top: no wall between.
    room(&mut l, c(4, 2), c(6, 3)).expect("beside");
    room(&mut l, c(1, 4), c(2, 5)).expect("above");
    for y in 2..=3 {
        assert_eq!(
            edge(&l, EdgePos::vertical(4, y)),
            Edge::OPEN,
            "side by side"
        );
    }
    for x in 1..=2 {
        assert_eq!(
            edge(&l, EdgePos::horizontal(x, 4)),
            Edge::OPEN,
            "one over the other"
        );
    }
    // Where it meets rock, walls: the first room's top beside the second.
    assert_eq!(edge(&l, EdgePos::horizontal(3, 4)), Edge::SOLID);
    assert_eq!(edge(&l, EdgePos::vertical(7, 2)), Edge::SOLID);
    assert_eq!(
        edge(&l, EdgePos::horizontal(5, 2)),
        Edge::SOLID,
        "floor over rock"
    );
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    assert_eq!(reloaded(&l), l);
}

#[test]
fn edges_refuse_what_the_format_cannot_hold() {
    let mut l = blank(4, 3);
    let floor = EdgePos::horizontal(1, 1);
    assert_eq!(paint_edge(&mut l, floor, EdgeKind::Platform), Ok(1));
    assert_eq!(paint_edge(&mut l, floor, EdgeKind::Platform), Ok(0));
    assert_eq!(edge(&l, floor), Edge::PLATFORM);
    let wall = EdgePos::vertical(2, 1);
    assert_eq!(
        paint_edge(&mut l, wall, EdgeKind::Platform),
        Err(EditError::VerticalPlatform(wall))
    );
    let boundary = EdgePos::vertical(0, 1);
    assert_eq!(
        paint_edge(&mut l, boundary, EdgeKind::Open),
        Err(EditError::BoundaryEdge(boundary))
    );
    paint_cell(&mut l, c(3, 2), CellKind::Rock).expect("rock");
    let beside = EdgePos::vertical(3, 2);
    assert_eq!(
        paint_edge(&mut l, beside, EdgeKind::Open),
        Err(EditError::BesideRock(beside))
    );
    assert_eq!(paint_edge(&mut l, wall, EdgeKind::Wall), Ok(1));
    let far = EdgePos::horizontal(10, 1);
    assert_eq!(
        paint_edge(&mut l, far, EdgeKind::Wall),
        Err(EditError::EdgeOutside(far))
    );
    assert_eq!(reloaded(&l), l);
}

#[test]
fn linking_two_edges_makes_a_labelled_canonical_pair() {
    let mut l = blank(5, 3);
    let a = PortalEnd::new(c(0, 1), Dir::Left);
    let b = PortalEnd::new(c(4, 1), Dir::Right);
    assert_eq!(link_portal(&mut l, a, b), Ok(Added(0)));
    assert_eq!(l.portal_labels, vec!['a']);
    assert_eq!(
        l.grid.portal(0).map(|p| p.kind()),
        Some(PortalKind::Straight)
    );
    assert_eq!(reloaded(&l), l, "canonical: a save reads back the same");
    // Either side of an edge can be clicked: the end faces the air.
    let floor = PortalEnd::new(c(2, -1), Dir::Up);
    let ceiling = PortalEnd::new(c(2, 2), Dir::Up);
    assert_eq!(link_portal(&mut l, floor, ceiling), Ok(Added(1)));
    assert_eq!(l.portal_labels, vec!['a', 'b']);
    assert_eq!(reloaded(&l), l);
    assert_eq!(
        link_portal(&mut l, a, PortalEnd::new(c(1, 1), Dir::Up)),
        Err(EditError::PortalEdge {
            edge: a.edge(),
            label: 'a'
        })
    );
    assert_eq!(
        paint_edge(&mut l, a.edge(), EdgeKind::Wall),
        Err(EditError::PortalEdge {
            edge: a.edge(),
            label: 'a'
        })
    );
    // Deleting 'a' renumbers 'b'; the next pair takes the free 'a' and
    // sorts first, as the loader numbers them.
    assert_eq!(delete_portal(&mut l, 0), Ok(1));
    assert_eq!(l.portal_labels, vec!['b']);
    assert_eq!(edge(&l, a.edge()), Edge::SOLID);
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    let c1 = PortalEnd::new(c(1, 0), Dir::Down);
    let c2 = PortalEnd::new(c(3, 0), Dir::Down);
    assert_eq!(link_portal(&mut l, c1, c2), Ok(Added(0)));
    assert_eq!(l.portal_labels, vec!['a', 'b']);
    assert_eq!(reloaded(&l), l);
    assert_eq!(delete_portal(&mut l, 7), Err(EditError::NoSuchPortal(7)));
}

#[test]
fn only_the_kinds_the_edges_allow_are_offered_and_set() {
    let mut l = blank(5, 3);
    // Two interior floors: air on both sides, so every same-orientation
    // kind is possible.
    let a = PortalEnd::new(c(1, 1), Dir::Down);
    let b = PortalEnd::new(c(3, 1), Dir::Down);
    link_portal(&mut l, a, b).expect("link");
    // Both entered from above: fall in one, rise out of the other.
    assert_eq!(l.grid.portal(0).map(|p| p.kind()), Some(PortalKind::Flip));
    assert_eq!(
        possible_kinds(&l, 0),
        vec![PortalKind::Straight, PortalKind::Flip]
    );
    assert_eq!(set_portal_kind(&mut l, 0, PortalKind::Straight), Ok(1));
    assert_eq!(
        l.grid.portal(0).map(|p| p.kind()),
        Some(PortalKind::Straight)
    );
    assert_eq!(reloaded(&l), l);
    assert_eq!(
        set_portal_kind(&mut l, 0, PortalKind::Cw),
        Err(EditError::KindImpossible(PortalKind::Cw))
    );
    // A floor and a wall turn: cw or ccw.
    let mut l = blank(5, 3);
    let floor = PortalEnd::new(c(1, 1), Dir::Down);
    let wall = PortalEnd::new(c(3, 1), Dir::Right);
    link_portal(&mut l, floor, wall).expect("link");
    let kinds = possible_kinds(&l, 0);
    assert!(kinds.contains(&PortalKind::Cw) && kinds.contains(&PortalKind::Ccw));
    assert!(!kinds.contains(&PortalKind::Straight));
    for k in [PortalKind::Cw, PortalKind::Ccw] {
        set_portal_kind(&mut l, 0, k).expect("kind fits");
        assert_eq!(l.grid.portal(0).map(|p| p.kind()), Some(k));
        assert_eq!(reloaded(&l), l);
    }
}

#[test]
fn a_sixty_fifth_portal_is_refused_and_changes_nothing() {
    let mut l = blank(128, 2);
    for x in 0..64 {
        let a = PortalEnd::new(c(x, 0), Dir::Down);
        let b = PortalEnd::new(c(x, 1), Dir::Up);
        assert_eq!(link_portal(&mut l, a, b), Ok(Added(x as usize)));
    }
    let before = l.clone();
    let a = PortalEnd::new(c(100, 0), Dir::Down);
    let b = PortalEnd::new(c(100, 1), Dir::Up);
    assert_eq!(link_portal(&mut l, a, b), Err(EditError::TooManyPortals));
    assert_eq!(l, before);
    assert_eq!(l.portal_labels.len(), 64);
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    assert_eq!(reloaded(&l), l);
}

#[test]
fn burying_a_portal_face_is_refused_and_the_entrance_digs_itself_out() {
    let mut l = fixtures::level(LOOP_BACK);
    // 1,0's right wall is portal 'a' on the boundary: its only air face.
    assert_eq!(
        paint_cell(&mut l, c(1, 0), CellKind::Rock),
        Err(EditError::PortalFace {
            cell: c(1, 0),
            label: 'a'
        })
    );
    let mut l = blank(4, 3);
    paint_cell(&mut l, c(3, 2), CellKind::Rock).expect("rock");
    // The entrance, and the knight standing on it.
    assert_eq!(set_entrance(&mut l, c(3, 2)), Ok(2));
    assert_eq!(l.grid.cell(c(3, 2)), Some(CellKind::Air));
    assert_eq!(l.entrance, c(3, 2));
    assert_eq!(reloaded(&l), l);
}

#[test]
fn the_party_on_the_entrance_moves_with_it_and_nothing_else_does() {
    // The loop-back fixture: the knight starts on the entrance at 0,0,
    // the relic lies at 1,0.
    let mut l = fixtures::level(LOOP_BACK);
    let knight = l.things.iter().position(|t| t.is_hero()).expect("knight");
    let relic = l.things.iter().position(|t| t.is_relic()).expect("relic");
    assert_eq!((l.entrance, l.things[knight].cell), (c(0, 0), c(0, 0)));
    // The entrance and the knight on it.
    assert_eq!(set_entrance(&mut l, c(1, 0)), Ok(2));
    assert_eq!(l.things[knight].cell, c(1, 0));
    // A hero off the entrance stays where he is, and items always do.
    move_thing(&mut l, knight, c(0, 0)).expect("moves");
    assert_eq!(set_entrance(&mut l, c(0, 0)), Ok(1));
    assert_eq!(l.things[relic].cell, c(1, 0));
    assert_eq!(set_entrance(&mut l, c(1, 0)), Ok(2));
    assert_eq!(l.things[knight].cell, c(1, 0));
    assert_eq!(l.things[relic].cell, c(1, 0));
    assert_eq!(reloaded(&l), l);
}

#[test]
fn things_are_added_moved_changed_and_deleted_by_index() {
    let mut l = fixtures::level(TWO_ROOMS);
    let n = l.things.len();
    assert_eq!(fresh_id(&l, "scout"), "scout_2");
    assert_eq!(fresh_id(&l, "relic"), "relic");
    let relic = ThingSpec {
        id: "relic".into(),
        cell: c(1, 1),
        kind: ThingSpecKind::Item {
            name: "relic".into(),
            flags: ItemFlags::ACQUIRE.union(ItemFlags::RELIC),
        },
    };
    assert_eq!(add_thing(&mut l, relic.clone()), Ok(Added(n)));
    assert_eq!(
        add_thing(&mut l, relic.clone()),
        Err(EditError::BadId("relic".into()))
    );
    // Moving the watcher moves its route with it.
    let guard = l
        .things
        .iter()
        .position(|t| t.id == "guard")
        .expect("guard");
    assert_eq!(move_thing(&mut l, guard, c(3, 1)), Ok(1));
    assert_eq!(
        l.things[guard].kind,
        ThingSpecKind::Watcher {
            route: vec![c(3, 1), c(2, 1), c(2, 2)]
        }
    );
    let mut renamed = l.things[n].clone();
    renamed.id = "idol".into();
    assert_eq!(set_thing(&mut l, n, renamed), Ok(1));
    assert!(l.thing("idol").is_some());
    let mut clash = l.things[n].clone();
    clash.id = "scout".into();
    assert_eq!(
        set_thing(&mut l, n, clash),
        Err(EditError::BadId("scout".into()))
    );
    assert_eq!(delete_thing(&mut l, n), Ok(1));
    assert_eq!(delete_thing(&mut l, 99), Err(EditError::NoSuchThing(99)));
    assert_eq!(l.things.len(), n);
    assert_eq!(reloaded(&l), l);
}

#[test]
fn name_and_notes_are_checked_as_the_format_needs() {
    let mut l = blank(3, 3);
    assert_eq!(set_name(&mut l, "Deep well"), Ok(1));
    assert_eq!(set_name(&mut l, ""), Err(EditError::BadName));
    assert_eq!(set_name(&mut l, "a \"quote\""), Err(EditError::BadName));
    let notes = vec!["First line.  ".to_string(), "Second.".into(), String::new()];
    assert_eq!(set_notes(&mut l, &notes), Ok(1));
    assert_eq!(l.notes, vec!["First line.".to_string(), "Second.".into()]);
    assert_eq!(
        set_notes(&mut l, &["x".repeat(201)]),
        Err(EditError::BadNote(0))
    );
    assert_eq!(reloaded(&l), l);
}

#[test]
fn par_is_a_whole_number_of_turns_within_the_format_or_none() {
    let mut l = blank(3, 3);
    assert_eq!(set_par(&mut l, Some(12)), Ok(1));
    assert_eq!(set_par(&mut l, Some(12)), Ok(0), "unchanged");
    assert_eq!(reloaded(&l).par, Some(12));
    assert_eq!(set_par(&mut l, Some(0)), Err(EditError::BadPar));
    assert_eq!(set_par(&mut l, Some(10_000)), Err(EditError::BadPar));
    assert_eq!(l.par, Some(12), "a refusal leaves it");
    assert_eq!(set_par(&mut l, None), Ok(1));
    assert_eq!(reloaded(&l), l);
}

#[test]
fn resizing_lists_what_falls_outside_and_keeps_the_rest() {
    let mut l = fixtures::level(TWO_ROOMS);
    let before = l.clone();
    // Two columns of rock on the left, one row on top.
    let (w, h) = (before.grid.width(), before.grid.height());
    assert!(resize(&mut l, 2, 0, 0, 1, false).expect("grow") > 0);
    assert_eq!((l.grid.width(), l.grid.height()), (w + 2, h + 1));
    assert_eq!(l.entrance, c(before.entrance.x + 2, before.entrance.y));
    assert_eq!(l.grid.cell(c(0, 0)), Some(CellKind::Rock));
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    assert_eq!(reloaded(&l), l);
    // Cropping the right room off: the watcher and its route would go.
    let lost = resize_casualties(&l, 0, -2, 0, 0);
    assert!(lost.iter().any(|s| s.contains("guard")), "{lost:?}");
    let kept = l.clone();
    assert!(matches!(
        resize(&mut l, 0, -2, 0, 0, false),
        Err(EditError::Outside(_))
    ));
    assert_eq!(l, kept, "refused: nothing changed");
    resize(&mut l, 0, -2, 0, 0, true).expect("forced");
    assert!(l.thing("guard").is_none());
    assert!(l.grid.portals().is_empty(), "the door portal was cut");
    assert!(l.portal_labels.is_empty());
    assert!(l.grid.problems().is_empty(), "{:?}", l.grid.problems());
    assert_eq!(reloaded(&l), l);
    // The entrance never falls outside.
    assert!(matches!(
        resize(&mut l, -3, 0, 0, 0, true),
        Err(EditError::Outside(_))
    ));
    assert!(matches!(
        resize(&mut l, 200, 0, 0, 0, false),
        Err(EditError::Grid(_))
    ));
}

#[test]
fn a_pasted_portal_pair_gets_fresh_labels() {
    let mut l = fixtures::level(TWO_ROOMS);
    resize(&mut l, 0, 0, 0, 3, false).expect("room above");
    room(&mut l, c(0, 3), c(4, 4)).expect("room");
    let label_before = l.portal_labels.clone();
    // Asking for more than the grid holds copies what is there: 5x2.
    let clip = selection::copy(&l, Area::new(c(0, 0), c(8, 1))).expect("in grid");
    assert_eq!(clip.size, (5, 2));
    assert_eq!(clip.portals.len(), 1);
    assert!(clip.things.iter().any(|t| t.id == "scout"));
    let n = selection::paste(&mut l, &clip, c(0, 3)).expect("fits");
    assert_eq!(n, 10);
    assert_eq!(l.grid.portals().len(), 2);
    assert_eq!(l.portal_labels.len(), 2);
    assert!(l.portal_labels.starts_with(&label_before));
    assert!(l.thing("scout_2").is_some(), "a taken id is renamed");
    assert!(l.grid.problems().is_empty(), "{:?}", l.grid.problems());
    assert_eq!(reloaded(&l), l);
    // A paste that does not fit is refused whole.
    let before = l.clone();
    assert!(selection::paste(&mut l, &clip, c(1, 4)).is_err());
    assert_eq!(l, before);
}

#[test]
fn flipping_twice_gives_the_level_back() {
    for text in [
        TWO_ROOMS,
        LOOP_BACK,
        fixtures::ROTATING,
        fixtures::FLOOR_PORTAL,
    ] {
        let l = fixtures::level(text);
        let w = l.grid.width() as i32;
        let h = l.grid.height() as i32;
        let whole = Area::new(c(0, 0), c(w - 1, h - 1));
        let mut f = l.clone();
        selection::flip(&mut f, whole).expect("inside");
        assert!(f.grid.problems().is_empty(), "{:?}", f.grid.problems());
        assert_eq!(reloaded(&f), f);
        selection::flip(&mut f, whole).expect("inside");
        assert_eq!(f.grid, l.grid, "{}", l.name);
        assert_eq!(f.things, l.things);
        // Part of a level: its outline may have to be re-walled (an open
        // edge moved onto the boundary), so only validity is promised.
        let half = Area::new(c(0, 0), c((w - 1) / 2, h - 1));
        let mut f = l.clone();
        selection::flip(&mut f, half).expect("inside");
        assert!(f.grid.problems().is_empty(), "{:?}", f.grid.problems());
        assert_eq!(reloaded(&f), f);
    }
}

#[test]
fn deleting_an_area_removes_its_things_and_portals() {
    let mut l = fixtures::level(TWO_ROOMS);
    let n = selection::delete(&mut l, Area::new(c(3, 0), c(4, 2))).expect("delete");
    assert!(n > 0);
    assert!(l.thing("guard").is_none(), "the watcher went with its room");
    assert!(l.grid.portals().is_empty());
    assert_eq!(l.grid.cell(c(4, 1)), Some(CellKind::Rock));
    assert!(l.grid.problems().is_empty(), "{:?}", l.grid.problems());
    assert_eq!(reloaded(&l), l);
}

#[test]
fn a_paste_over_one_end_of_a_pair_is_refused_and_over_both_replaces_it() {
    let mut l = fixtures::level(TWO_ROOMS);
    let pair = l.grid.portals()[0];
    // A block of air from the left room, pasted over the first end's cell
    // only: the pair would be cut.
    let clip = selection::copy(&l, Area::new(c(1, 0), c(1, 0))).expect("in grid");
    let at = pair.ends[0].cell;
    let area = selection::paste_area(&clip, at);
    assert!(!area.has_edge(pair.ends[1].edge()), "only one end covered");
    let check = selection::paste_check(&l, &clip, at);
    assert_eq!(check.cut_pairs, vec![('a', at)]);
    let before = l.clone();
    let refused = selection::paste(&mut l, &clip, at);
    assert_eq!(refused, Err(EditError::PasteCutsPair(vec!['a'])));
    assert_eq!(l, before, "refused: the pair is untouched");
    // The preview shows what would land, the cut pair gone.
    let shown = selection::paste_preview(&l, &clip, at).expect("fits");
    assert!(shown.grid.portals().is_empty());
    assert_eq!(l, before, "a preview changes nothing");
    let said = refused.unwrap_err().to_string();
    assert!(said.contains("cut portal pair 'a'"), "{said}");
    assert!(said.contains("cover both ends"), "{said}");
    // The whole level pasted onto itself covers both ends: the pair is
    // replaced by the pasted one, not cut.
    let w = l.grid.width() as i32;
    let h = l.grid.height() as i32;
    let whole = selection::copy(&l, Area::new(c(0, 0), c(w - 1, h - 1))).expect("in grid");
    assert!(selection::paste_check(&l, &whole, c(0, 0)).is_clean());
    selection::paste(&mut l, &whole, c(0, 0)).expect("both ends covered");
    assert_eq!(l.grid.portals().len(), 1);
    assert_eq!(l.grid.portals()[0].ends, pair.ends);
    assert!(l.grid.problems().is_empty(), "{:?}", l.grid.problems());
    assert_eq!(reloaded(&l), l);
}

#[test]
fn a_paste_check_finds_things_it_would_put_in_rock() {
    let mut l = fixtures::level(TWO_ROOMS);
    // A cell of rock with a hero put in it by hand.
    let rock = (0..l.grid.width() as i32)
        .flat_map(|x| (0..l.grid.height() as i32).map(move |y| c(x, y)))
        .find(|&p| l.grid.cell(p) == Some(CellKind::Rock))
        .expect("a rock cell");
    let mut clip = selection::copy(&l, Area::new(rock, rock)).expect("in grid");
    assert_eq!(clip.cells, vec![CellKind::Rock]);
    clip.things.push(hero("mole", HeroKind::Knight, c(0, 0)));
    let to = l.entrance;
    let to = c(to.x + 1, to.y);
    assert_eq!(l.grid.cell(to), Some(CellKind::Air));
    let check = selection::paste_check(&l, &clip, to);
    assert_eq!(check.things_in_rock, vec![to]);
    assert!(check.cut_pairs.is_empty());
    // Rock pasted over the rope coil buries it too.
    let scout = l.thing("coil").expect("coil").cell;
    let plain = selection::copy(&l, Area::new(rock, rock)).expect("in grid");
    let check = selection::paste_check(&l, &plain, scout);
    assert_eq!(check.things_in_rock, vec![scout]);
    // Rock where a thing lands is a problem the designer may fix later,
    // not a refusal: the paste goes ahead and the problem is listed.
    selection::paste(&mut l, &clip, to).expect("pasted");
    assert!(!l.problems().is_empty());
}

#[test]
fn a_paste_over_one_end_of_two_pairs_names_both() {
    let mut l = blank(8, 4);
    for y in [1, 2] {
        let a = PortalEnd::new(c(0, y), Dir::Left);
        let b = PortalEnd::new(c(7, y), Dir::Right);
        link_portal(&mut l, a, b).expect("linked");
    }
    let column = selection::copy(&l, Area::new(c(3, 0), c(3, 3))).expect("in grid");
    let check = selection::paste_check(&l, &column, c(0, 0));
    assert_eq!(check.cut_labels(), vec!['a', 'b']);
    let refused = selection::paste(&mut l, &column, c(0, 0)).expect_err("cuts two pairs");
    assert_eq!(refused, EditError::PasteCutsPair(vec!['a', 'b']));
    let said = refused.to_string();
    assert!(said.contains("portal pairs 'a' and 'b'"), "{said}");
}
