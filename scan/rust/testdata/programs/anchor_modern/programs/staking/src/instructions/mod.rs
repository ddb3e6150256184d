pub mod initialize;
pub mod stake;
pub mod unstake;

pub use initialize::*;
pub use stake::*;
pub use unstake::*;
