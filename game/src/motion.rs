//! Physics in play (`docs/ARCHITECTURE.md`, "Where each concept lives"): the ropes the player
//! sees swing, sag, pay out and reel in between turns. The rigid-body module
//! animates what the turn already decided and never writes game state: a
//! [`RopeMotion`] reads a [`Stage`] and keeps its own physics worlds.
//!
//! Each deployed rope is one chain simulated in its own *unfolded frame*: a
//! rope's cells are one straight line in grid terms, even through portals,
//! so its frame is a vertical line with the anchor at the origin, one cell a
//! metre, segment `k` (the `k`-th cell from the anchor) spanning
//! `y ∈ [−k−1, −k]`. A link's pose maps back to the cell it lies in and to
//! a position inside that cell ([`RopeMotion::links_in`]), which the screen
//! draws in every view region showing that cell, so the rope is continuous
//! through portals and in every copy of a room.
//!
//! The chain: [`LINKS_PER_CELL`] thin boxes a cell, pinned end to end by
//! revolute joints (solved exactly as one block by the module), hung from a
//! kinematic anchor; what is tied to the rope's end is a box on the last
//! link, and a loaded rope's last cell of links is shorter ([`LOAD_LIFT`])
//! so that the load hangs inside the rope's bottom cell — where the game
//! state has it, and where the world drawing's mask of that cell shows
//! it — its bottom on the floor line; a hero hanging on the rope is weight on the link where they hang,
//! so the rope sags and sways under them. Links do not collide with anything.
//! Paying out and reeling in move the anchor: lowering starts the longer
//! chain with its new top links above the anchor (hidden: `y > 0` is inside
//! the winch) and moves the anchor down; hoisting moves it up and then
//! swaps to the shorter chain, pose for pose. A load tied on or taken off
//! changes the bottom cell's links: the rope then hangs straight at its new
//! length at once, its sideways swing carried over. Deploying pays the whole rope
//! out from the anchor. A rope taken back reels in the same way, all of
//! it, into the hero's hands: its links vanish at the middle of the anchor
//! cell (where a hero holds things) rather than at its top, and once the
//! last is in, the chain is gone (the coil the hero now holds is drawn by
//! the screen). A gentle damping brings a rope to rest within about
//! a second. A state reached by undo, redo or restart is shown at rest at
//! once.
//!
//! Stepping is fixed at 120 Hz with interpolation; nothing is allocated per
//! frame once the chains are built.

use crate::grid::CellPos;
use crate::physics::{
    Body, BodyDef, BodyId, BodyKind, Filter, FixedTimestep, Material, Polygon, Settings, Transform,
    Vec2, World,
};
use crate::stage::Stage;
use crate::things::{ThingFlags, ThingId};

/// Links per cell of rope.
pub const LINKS_PER_CELL: usize = 4;
/// The physics step.
pub const STEP_S: f32 = 1.0 / 120.0;
/// How fast the anchor pays rope out or reels it in, cells per second.
pub const PAY_SPEED: f32 = 14.0;
/// How hard the anchor brakes at the end of its travel, cells per second².
pub const ANCHOR_DECEL: f32 = 30.0;
/// Stiffness of the pull back to the rope's line once the anchor is home,
/// per second² (with the damping: about critical for the slowest swing).
pub const SETTLE_STIFFNESS: f32 = 40.0;
/// Velocity damping of the links, per second (a swing dies out in ~1 s).
pub const DAMPING_PER_S: f32 = 4.0;
/// Half the thickness of a link, in cells.
pub const LINK_HALF_WIDTH: f32 = 0.03;
/// How fast a deployed rope's end is tossed sideways (m/s), so it swings.
pub const TOSS_SPEED: f32 = 0.4;
/// A rope at rest moves less than this (m/s) at every link.
pub const REST_SPEED: f32 = 0.01;

const LINK_LEN: f32 = 1.0 / LINKS_PER_CELL as f32;
const LINK_DENSITY: f32 = 40.0;
const LOAD_HALF: f32 = 0.22;
/// How much shorter a loaded rope's bottom cell of links is, in cells: the
/// load's box (`2 · LOAD_HALF` tall) then hangs from the rope's end inside
/// that cell, its bottom a tenth of a cell above the cell's bottom (clear
/// of the floor's wall band, so an item drawn there a little larger than
/// the box still stands on the floor line), instead of below the floor in
/// the cell under it (rock, where nothing is drawn).
pub const LOAD_LIFT: f32 = 2.0 * LOAD_HALF + 0.1;
const LOAD_DENSITY: f32 = 20.0;
/// The weight a hanging hero adds to the rope, kg.
const HERO_MASS: f32 = 10.0;

/// Where a hero's hands are in the rope's frame: the middle of the anchor
/// cell. A rope taken back disappears into them.
pub const HANDS_Y: f32 = -0.5;

/// Nothing touches anything: ropes only hang.
const NO_CONTACT: Filter = Filter { group: 0, mask: 0 };

/// One link's pose inside the cell it lies in: cell-local coordinates (the
/// square `[−0.5, 0.5]²`, `x` right, `y` along the rope, *down*, as the
/// world drawing's cell transform expects), and the link's direction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinkPose {
    /// Link centre, cell-local.
    pub centre: Vec2,
    /// Unit vector from the link's top end to its bottom end, cell-local.
    pub along: Vec2,
    /// Half the link's length, in cells.
    pub half_len: f32,
}

/// One deployed rope's chain (see the module docs).
#[derive(Clone, Debug)]
struct Chain {
    /// The rope as the game state has it (cells anchor first, load,
    /// hanging heroes).
    shape: Shape,
    world: World,
    anchor: BodyId,
    links: Vec<BodyId>,
    /// The body of what is tied to the rope's end, if anything.
    load: Option<BodyId>,
    /// Where the anchor is going (its height above the frame's origin, in
    /// cells), and what happens when it gets there.
    anchor_target: f32,
    /// The state to rebuild as once the anchor arrives (a hoist), or none.
    then: Option<Box<Shape>>,
    /// The rope was taken back: the chain reels all its links in and is
    /// dropped once the anchor arrives.
    taken: bool,
    /// Links whose centre is above this height (the frame's `y`, cells)
    /// are in the winch or the hero's hands: not shown. 0 (the top of the
    /// anchor cell), or [`HANDS_Y`] for a rope taken back.
    hide_above: f32,
}

/// Poses and velocities carried from one chain to its successor: the links
/// bottom first, and the load.
#[derive(Clone, Debug, Default)]
struct Carry {
    links: Vec<(Transform, Vec2)>,
    load: Option<(Transform, Vec2)>,
}

/// What a rope looks like in the game state.
#[derive(Clone, Debug, PartialEq)]
struct Shape {
    rope: ThingId,
    cells: Vec<CellPos>,
    /// Whether something is tied to the end.
    load: bool,
    /// Segment indices a hero hangs at.
    hanging: Vec<usize>,
}

/// The ropes of a stage in motion (see the module docs).
#[derive(Clone, Debug)]
pub struct RopeMotion {
    chains: Vec<Chain>,
    clock: FixedTimestep,
    /// Interpolation between the last two steps, for drawing.
    alpha: f32,
    /// Every shown link's cell and cell-local pose, sorted by cell.
    placed: Vec<((i32, i32), LinkPose)>,
    /// Every load's cell, rope and cell-local centre (a load across two
    /// cells is listed in both).
    loads: Vec<(CellPos, ThingId, Vec2)>,
}

impl Default for RopeMotion {
    fn default() -> RopeMotion {
        RopeMotion {
            chains: Vec::new(),
            clock: FixedTimestep::new(STEP_S, 8),
            alpha: 1.0,
            placed: Vec::new(),
            loads: Vec::new(),
        }
    }
}

/// The deployed ropes of `stage`, as shapes.
fn shapes(stage: &Stage) -> Vec<Shape> {
    let mut out = Vec::new();
    for rope in stage.of_kind(crate::things::ThingKind::Interactable) {
        if !stage.is_rope(rope) || !stage.has_flag(rope, ThingFlags::DEPLOYED) {
            continue;
        }
        let segments = stage.rope_segments(rope);
        let cells: Vec<CellPos> = segments.iter().filter_map(|&s| stage.cell_of(s)).collect();
        if cells.is_empty() {
            continue;
        }
        let load = segments
            .last()
            .is_some_and(|&end| !stage.children(end).is_empty());
        let hanging = cells
            .iter()
            .enumerate()
            .skip(1)
            .filter(|(_, &c)| crate::action::rope::hanging_hero(stage, c, None).is_some())
            .map(|(k, _)| k)
            .collect();
        out.push(Shape {
            rope,
            cells,
            load,
            hanging,
        });
    }
    out
}

impl Shape {
    /// How many links the chain has.
    fn n_links(&self) -> usize {
        self.cells.len() * LINKS_PER_CELL
    }

    /// The length of link `i` (from the anchor), in cells: a quarter cell,
    /// less in the bottom cell of a loaded rope ([`LOAD_LIFT`]).
    fn link_len(&self, i: usize) -> f32 {
        if self.load && i + LINKS_PER_CELL >= self.n_links() {
            (1.0 - LOAD_LIFT) / LINKS_PER_CELL as f32
        } else {
            LINK_LEN
        }
    }

    /// How far below the anchor link `i`'s top end hangs when the rope is
    /// straight, in cells.
    fn link_top(&self, i: usize) -> f32 {
        let full = i.min(self.n_links().saturating_sub(LINKS_PER_CELL));
        full as f32 * LINK_LEN + (full..i).map(|j| self.link_len(j)).sum::<f32>()
    }

    /// How far below the anchor the rope's end hangs when straight.
    fn length(&self) -> f32 {
        self.link_top(self.n_links())
    }
}

impl Chain {
    /// A chain of `shape` hung from an anchor at height `anchor_y` (cells
    /// above the frame's origin: rope above the origin is still in the
    /// winch), every body at rest on the straight line below the anchor;
    /// `carry` (bottom link first, then the load) overrides the bottom
    /// bodies' poses and velocities, to carry a swing over.
    fn build(shape: &Shape, anchor_y: f32, carry: &Carry) -> Chain {
        let settings = Settings {
            gravity: Vec2::new(0.0, -9.81),
            ..Settings::default()
        };
        let mut world = World::new(settings);
        let mut anchor_def = BodyDef::new(BodyKind::Kinematic, Vec2::new(0.0, anchor_y));
        anchor_def.filter = NO_CONTACT;
        let anchor = world.add_body(&anchor_def, &Polygon::rect(0.05, 0.05));
        let n_links = shape.n_links();
        let mut links = Vec::with_capacity(n_links);
        let mut above = anchor;
        let material = Material {
            density: LINK_DENSITY,
            ..Material::default()
        };
        for i in 0..n_links {
            let (top, len) = (anchor_y - shape.link_top(i), shape.link_len(i));
            let mut def = BodyDef::dynamic(Vec2::new(0.0, top - len / 2.0));
            def.material = material;
            def.filter = NO_CONTACT;
            let from_bottom = n_links - 1 - i;
            if let Some((xf, v)) = carry.links.get(from_bottom) {
                def.position = xf.p;
                def.angle = xf.q.angle();
                def.linear_velocity = *v;
            }
            let link = world.add_body(&def, &Polygon::rect(LINK_HALF_WIDTH, len / 2.0));
            let pin = world.body(link).world_point(Vec2::new(0.0, len / 2.0));
            world.add_revolute_joint(above, link, pin);
            links.push(link);
            above = link;
        }
        let end = links.last().copied().unwrap_or(anchor);
        let end_len = n_links.checked_sub(1).map_or(0.0, |i| shape.link_len(i));
        let end_pin = world.body(end).world_point(Vec2::new(0.0, -end_len / 2.0));
        let load = shape.load.then(|| {
            let mut def = BodyDef::dynamic(end_pin - Vec2::new(0.0, LOAD_HALF));
            def.material = Material {
                density: LOAD_DENSITY,
                ..Material::default()
            };
            def.filter = NO_CONTACT;
            if let Some((xf, v)) = &carry.load {
                def.position = xf.p;
                def.linear_velocity = *v;
            }
            let body = world.add_body(&def, &Polygon::rect(LOAD_HALF, LOAD_HALF));
            let pin = world.body(body).world_point(Vec2::new(0.0, LOAD_HALF));
            world.add_revolute_joint(end, body, pin);
            body
        });
        // A hero hanging on the rope is weight on the link at the middle of
        // their cell: the rope stays one chain (solved exactly) and sags
        // and sways under them.
        for &k in &shape.hanging {
            let i = (k * LINKS_PER_CELL + LINKS_PER_CELL / 2).min(n_links - 1);
            let link = world.body_mut(links[i]);
            let mass = link.mass() + HERO_MASS;
            link.set_mass(mass);
        }
        Chain {
            shape: shape.clone(),
            world,
            anchor,
            links,
            load,
            anchor_target: 0.0,
            then: None,
            taken: false,
            hide_above: 0.0,
        }
    }

    /// The links' poses and velocities, bottom first, and the load's (in
    /// the rope's frame, whose origin never moves: the top of the anchor
    /// cell). A chain rebuilt longer or shorter takes them for its bottom
    /// bodies, so the rope's end stays where it hangs.
    fn carry(&self) -> Carry {
        let pose = |id: BodyId| {
            let b = self.world.body(id);
            (b.transform(), b.linear_velocity())
        };
        Carry {
            links: self.links.iter().rev().map(|&id| pose(id)).collect(),
            load: self.load.map(pose),
        }
    }

    /// Sets every body moving down at the paying-out speed: rope leaves
    /// the winch moving, so the anchor never pushes on a slack chain (a
    /// chain cannot be pushed: it would crumple).
    fn pay_out(&mut self) {
        let ids: Vec<BodyId> = self.world.body_ids().collect();
        for id in ids {
            if self.world.body(id).kind() == BodyKind::Dynamic {
                self.world
                    .body_mut(id)
                    .set_linear_velocity(Vec2::new(0.0, -PAY_SPEED));
            }
        }
    }

    fn anchor_y(&self) -> f32 {
        self.world.body(self.anchor).position().y
    }

    /// One physics step: the anchor towards its target, damping, the world.
    fn step(&mut self) {
        let y = self.anchor_y();
        let gap = self.anchor_target - y;
        // Full speed, easing out over the last stretch so the rope is not
        // snapped to a stop.
        let speed = PAY_SPEED.min((2.0 * ANCHOR_DECEL * gap.abs()).sqrt());
        let vy = if gap.abs() <= speed * STEP_S {
            gap / STEP_S
        } else {
            speed.copysign(gap)
        };
        self.world
            .body_mut(self.anchor)
            .set_linear_velocity(Vec2::new(0.0, vy));
        // Damp motion relative to the anchor (a swing, a bounce), not the
        // anchor's own paying out: rope slower than its winch would be
        // pushed, and a chain pushed folds up.
        // Once the anchor is home, a gentle pull back to the rope's line
        // ends the swing within about a second (a hanging chain's slowest
        // mode would otherwise creep back for many seconds).
        let keep = 1.0 / (1.0 + DAMPING_PER_S * STEP_S);
        let carried = Vec2::new(0.0, vy);
        let home = gap.abs() < 1e-3;
        for i in 0..self.world.bodies().len() {
            let Some(id) = self.world.id_at(i) else {
                continue;
            };
            if self.world.body(id).kind() == BodyKind::Dynamic {
                let b = self.world.body_mut(id);
                let (mut v, w) = (b.linear_velocity(), b.angular_velocity());
                if home {
                    v.x -= SETTLE_STIFFNESS * b.position().x * STEP_S;
                }
                b.set_linear_velocity(carried + (v - carried) * keep);
                b.set_angular_velocity(w * keep);
            }
        }
        self.world.step(STEP_S);
    }

    fn anchor_arrived(&self) -> bool {
        (self.anchor_y() - self.anchor_target).abs() < 1e-5
    }

    /// Starts reeling the whole chain in, into the hero's hands (the rope
    /// was taken back); any hoist still pending is finished first.
    fn take_back(&mut self) {
        self.finish_pending();
        self.anchor_target = self.shape.cells.len() as f32;
        self.taken = true;
        self.hide_above = HANDS_Y;
    }

    /// Whether a rope taken back is all in (the chain can go).
    fn all_in(&self) -> bool {
        self.taken && self.anchor_arrived()
    }

    /// Whether every body is (nearly) still and the anchor is home.
    fn at_rest(&self) -> bool {
        self.anchor_arrived()
            && self.then.is_none()
            && self.world.bodies().iter().all(|b: &Body| {
                b.kind() != BodyKind::Dynamic || b.linear_velocity().length() < REST_SPEED
            })
    }
}

impl RopeMotion {
    /// No ropes.
    pub fn new() -> RopeMotion {
        RopeMotion::default()
    }

    /// Follows the stage after a change. With `animate` (a new action) a
    /// rope deployed pays out, a rope hoisted or lowered moves its anchor,
    /// a rope taken back reels in; without (undo, redo, restart, a level
    /// just started) every rope is shown at rest at once.
    pub fn sync(&mut self, stage: &Stage, animate: bool) {
        // A rope still reeling into a hero's hands is in by now.
        self.chains.retain(|c| !c.taken);
        let wanted = shapes(stage);
        let mut next: Vec<Chain> = Vec::with_capacity(wanted.len());
        for shape in &wanted {
            let old = self
                .chains
                .iter()
                .position(|c| c.shape.rope == shape.rope)
                .map(|i| self.chains.swap_remove(i));
            let chain = match (old, animate) {
                (Some(mut old), true) => {
                    // Finish any reel-in first: the old chain as it will be.
                    old.finish_pending();
                    let (n_old, n_new) = (old.shape.cells.len(), shape.cells.len());
                    if n_new < n_old {
                        // Hoist: reel in, then become the shorter chain.
                        old.anchor_target = (n_old - n_new) as f32;
                        old.then = Some(Box::new(shape.clone()));
                        old
                    } else if n_new > n_old || old.shape != *shape {
                        // Lower (or a load or a hanging hero changed): the
                        // new chain, its new top still in the winch. A load
                        // tied or untied changes the bottom cell's links
                        // (`LOAD_LIFT`), so the rope then hangs straight at
                        // its new length, still swinging sideways: carried
                        // as it was, the load would hang from where the
                        // longer rope ended, under the floor.
                        let extra = (n_new - n_old) as f32;
                        let mut carry = old.carry();
                        if old.shape.load != shape.load {
                            carry.straighten(shape, extra);
                        }
                        let mut c = Chain::build(shape, extra, &carry);
                        if extra > 0.0 {
                            c.pay_out();
                        }
                        c
                    } else {
                        old
                    }
                }
                (None, true) => {
                    // Deploy: the whole rope pays out of the anchor.
                    let mut c = Chain::build(shape, shape.cells.len() as f32, &Carry::default());
                    c.pay_out();
                    // A little sideways toss, so it swings as it comes down.
                    if let Some(&end) = c.links.last() {
                        let v = c.world.body(end).linear_velocity();
                        c.world
                            .body_mut(end)
                            .set_linear_velocity(v + Vec2::new(TOSS_SPEED, 0.0));
                    }
                    c
                }
                (_, false) => Chain::build(shape, 0.0, &Carry::default()),
            };
            next.push(chain);
        }
        // Ropes taken back reel into the hero's hands (animated), or are
        // gone at once with the state.
        if animate {
            for mut old in self.chains.drain(..) {
                old.take_back();
                next.push(old);
            }
        }
        self.chains = next;
        self.alpha = 1.0;
        self.place();
    }

    /// Advances by `dt_s` seconds of frame time (whole steps, then the
    /// interpolation between the last two).
    pub fn update(&mut self, dt_s: f32) {
        if self.chains.is_empty() {
            return;
        }
        let plan = self.clock.advance(dt_s);
        for _ in 0..plan.steps {
            self.step();
        }
        self.alpha = plan.alpha;
        self.place();
    }

    /// One fixed step of every rope.
    pub fn step(&mut self) {
        for c in &mut self.chains {
            c.step();
            if c.anchor_arrived() {
                c.finish_pending();
            }
        }
        self.chains.retain(|c| !c.all_in());
    }

    /// Each rope's physics world (the benchmark rebuilds them in a peer
    /// engine).
    pub fn worlds(&self) -> impl Iterator<Item = &World> {
        self.chains.iter().map(|c| &c.world)
    }

    /// The benchmark's ropes: four of 32 cells, at rest; the first carries
    /// a load, the second and third have a hero hanging halfway down; each
    /// end is given a sideways push so they swing.
    pub fn benchmark_ropes() -> RopeMotion {
        let mut motion = RopeMotion::new();
        for r in 0..4u16 {
            let shape = Shape {
                rope: ThingId::new(r + 1, std::num::NonZeroU32::MIN),
                cells: (0..32)
                    .map(|y| CellPos::new(r as i32 * 2, 40 - y))
                    .collect(),
                load: r == 0,
                hanging: if r == 1 || r == 2 {
                    vec![16]
                } else {
                    Vec::new()
                },
            };
            let mut c = Chain::build(&shape, 0.0, &Carry::default());
            if let Some(&end) = c.links.last() {
                c.world
                    .body_mut(end)
                    .set_linear_velocity(Vec2::new(1.5, 0.0));
            }
            motion.chains.push(c);
        }
        motion.place();
        motion
    }

    /// Jumps every rope to its rest pose (any new input finishes the
    /// animation at once).
    pub fn finish(&mut self) {
        self.chains.retain(|c| !c.taken);
        for c in &mut self.chains {
            c.finish_pending();
            *c = Chain::build(&c.shape, 0.0, &Carry::default());
        }
        self.alpha = 1.0;
        self.place();
    }

    /// Whether anything still moves.
    pub fn is_moving(&self) -> bool {
        self.chains.iter().any(|c| !c.at_rest())
    }

    /// The cells of every rope in motion (anchor first), for tests and
    /// drawing.
    pub fn rope_cells(&self, rope: ThingId) -> Option<&[CellPos]> {
        self.chains
            .iter()
            .find(|c| c.shape.rope == rope)
            .map(|c| c.shape.cells.as_slice())
    }

    /// Each link of every rope lying in `cell`, as drawn (interpolated),
    /// cell-local. Links above the anchor (still in the winch), or above
    /// the hero's hands for a rope taken back, are not shown. A rope being reeled in still has links in cells the game
    /// state has already given up: they are drawn where the physics puts
    /// them, so the rope is seen climbing through the portal.
    pub fn links_in(&self, cell: CellPos) -> impl Iterator<Item = LinkPose> + '_ {
        let key = (cell.x, cell.y);
        let from = self.placed.partition_point(|(k, _)| *k < key);
        self.placed[from..]
            .iter()
            .take_while(move |(k, _)| *k == key)
            .map(|(_, pose)| *pose)
    }

    /// What hangs on a rope's end in `cell`, as drawn: the rope and the
    /// load's centre, cell-local (a load hanging across a cell's bottom
    /// is in both cells, each showing its part).
    pub fn loads_in(&self, cell: CellPos) -> impl Iterator<Item = (ThingId, Vec2)> + '_ {
        self.loads
            .iter()
            .filter(move |(c, _, _)| *c == cell)
            .map(|&(_, rope, centre)| (rope, centre))
    }

    /// Whether what is tied to `rope` is drawn by the motion (wherever its
    /// body is), not in its cell of the game state.
    pub fn carries_load(&self, rope: ThingId) -> bool {
        self.loads.iter().any(|&(_, r, _)| r == rope)
    }

    /// Maps every link and load to the cell it lies in, for drawing
    /// (after every change of the poses).
    fn place(&mut self) {
        self.placed.clear();
        self.loads.clear();
        let alpha = self.alpha;
        for c in &self.chains {
            let cells = &c.shape.cells;
            let Some(last) = cells.len().checked_sub(1) else {
                continue;
            };
            let local = |p: Vec2, k: usize| Vec2::new(p.x, -p.y - k as f32 - 0.5);
            for (i, &id) in c.links.iter().enumerate() {
                let xf = c.world.body(id).interpolated_transform(alpha);
                if xf.p.y > c.hide_above {
                    continue;
                }
                let k = ((-xf.p.y).floor().max(0.0) as usize).min(last);
                let down = xf.q.rotate(Vec2::new(0.0, -1.0));
                let cell = cells[k];
                self.placed.push((
                    (cell.x, cell.y),
                    LinkPose {
                        centre: local(xf.p, k),
                        along: Vec2::new(down.x, -down.y),
                        half_len: c.shape.link_len(i) / 2.0,
                    },
                ));
            }
            if let Some(load) = c.load {
                let body = c.world.body(load);
                let xf = body.interpolated_transform(alpha);
                let tie = xf.apply(Vec2::new(0.0, LOAD_HALF));
                if tie.y <= 0.0 {
                    // In the cell it is tied in and, when it hangs across
                    // a cell's bottom (climbing, swinging), in the cell
                    // below too: each cell's mask shows its part.
                    let k = ((-tie.y - 1e-3).floor().max(0.0) as usize).min(last);
                    let foot = xf.apply(Vec2::new(0.0, -LOAD_HALF)).y;
                    let k_foot = ((-foot - 1e-3).floor().max(0.0) as usize).clamp(k, last);
                    for (k, &cell) in cells.iter().enumerate().take(k_foot + 1).skip(k) {
                        self.loads.push((cell, c.shape.rope, local(xf.p, k)));
                    }
                }
            }
        }
        self.placed.sort_unstable_by_key(|a| a.0);
    }

    /// The segment index (from the anchor) each link of `rope` lies in,
    /// and its sideways offset from the rope's line (cells); for tests.
    pub fn link_places(&self, rope: ThingId) -> Vec<(i64, f32)> {
        self.chains
            .iter()
            .filter(|c| c.shape.rope == rope)
            .flat_map(|c| {
                c.links.iter().map(|&id| {
                    let p = c.world.body(id).position();
                    ((-p.y).floor() as i64, p.x)
                })
            })
            .collect()
    }

    /// The segment index where the load hangs from the rope (the point it
    /// is tied at: the rope's end), if `rope` carries one.
    pub fn load_segment(&self, rope: ThingId) -> Option<i64> {
        let c = self.chains.iter().find(|c| c.shape.rope == rope)?;
        let tie = c.world.body(c.load?).world_point(Vec2::new(0.0, LOAD_HALF));
        Some((-tie.y - 1e-3).floor() as i64)
    }
}

impl Carry {
    /// Hangs the carried bodies straight down as `shape` hangs from an
    /// anchor at height `anchor_y` (no rotation, no vertical speed), each
    /// keeping its sideways place and swing; the load, if any (carried, or
    /// added at the rope's end), under the rope's end.
    fn straighten(&mut self, shape: &Shape, anchor_y: f32) {
        let n_links = shape.n_links();
        for (j, (xf, v)) in self.links.iter_mut().enumerate().take(n_links) {
            let i = n_links - 1 - j;
            xf.p.y = anchor_y - shape.link_top(i) - shape.link_len(i) / 2.0;
            xf.q = crate::physics::Rot::IDENTITY;
            v.y = 0.0;
        }
        let end_x = self.links.first().map_or(0.0, |(xf, _)| xf.p.x);
        let foot = anchor_y - shape.length() - LOAD_HALF;
        if !shape.load {
            self.load = None;
        } else if let Some((xf, v)) = &mut self.load {
            xf.p.y = foot;
            v.y = 0.0;
        } else {
            let xf = Transform {
                p: Vec2::new(end_x, foot),
                q: crate::physics::Rot::IDENTITY,
            };
            self.load = Some((xf, Vec2::ZERO));
        }
    }
}

impl Chain {
    /// Completes a pending reel-in at once: the shorter chain, as it hangs.
    fn finish_pending(&mut self) {
        if let Some(shape) = self.then.take() {
            // The winch has stopped: so does the rope's climb, and the
            // rope hangs from it at full length (a rope pulled up fast
            // overshoots, and carried as it is it would stay folded over
            // the anchor); its sideways swing goes on.
            let mut carry = self.carry();
            carry.straighten(&shape, 0.0);
            *self = Chain::build(&shape, 0.0, &carry);
        }
    }
}

#[cfg(test)]
mod tests;
