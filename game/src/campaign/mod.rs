//! The campaign: the levels played in order, and the rules of a player's
//! way through them.
//!
//! - [`order`]: `levels/campaign.txt`, the level files in the order they
//!   are played;
//! - [`pack`]: level packs, a folder with `pack.txt` (the same list with a
//!   name, author and description) and its levels, loaded whole;
//! - [`pack_text`]: a pack as one text to share (export, import);
//! - [`record`]: a player's record over the campaign — the best result of
//!   each level won (what beats what), the relics brought out of each
//!   level, which level may be played next, and the equipment the relics
//!   recovered unlock (by the table in `crate::equipment::unlock`).
//!
//! The platform keeps the record in its progress file; the rules are here.

pub mod order;
pub mod pack;
pub mod pack_text;
pub mod record;

pub use order::{
    load_campaign, load_campaign_entries, parse_campaign, parse_campaign_names, parse_level_list,
    CampaignEntry, LevelList, ListHeader,
};
pub use pack::{check_pack, load_pack, pack_progress_key, CheckedPack, Pack, PackLevel, PACK_FILE};
pub use pack_text::{
    check_pack_text, import_pack_text, pack_to_text, parse_pack_text, write_pack_text, PackText,
};
pub use record::{CampaignRecord, LevelResult};
