use solana_program::program_error::ProgramError;
use thiserror::Error;

#[derive(Error, Debug, Copy, Clone, PartialEq, Eq)]
pub enum CounterError {
    #[error("seeds do not derive the counter address")]
    BadSeeds,
    #[error("signer does not own the counter")]
    NotOwner,
    #[error("counter overflow")]
    Overflow,
    #[error("insufficient funds")]
    Insufficient,
}

impl From<CounterError> for ProgramError {
    fn from(e: CounterError) -> Self {
        ProgramError::Custom(e as u32)
    }
}
