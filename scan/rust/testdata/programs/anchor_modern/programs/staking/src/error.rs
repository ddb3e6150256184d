use anchor_lang::prelude::*;

#[error_code]
pub enum StakingError {
    #[msg("Amount must be positive")]
    ZeroAmount,
    #[msg("Math overflow")]
    Overflow,
}
