//! Errors.
use num_derive::FromPrimitive;
use solana_program::{
    decode_error::DecodeError,
    msg,
    program_error::{PrintProgramError, ProgramError},
};
use thiserror::Error;

/// Escrow errors.
#[derive(Clone, Debug, Eq, Error, FromPrimitive, PartialEq)]
pub enum EscrowError {
    /// Invalid instruction.
    #[error("Invalid instruction")]
    InvalidInstruction,
    /// Not rent exempt.
    #[error("Not rent exempt")]
    NotRentExempt,
    /// Expected amount mismatch.
    #[error("Expected amount mismatch")]
    ExpectedAmountMismatch,
    /// Amount overflow.
    #[error("Amount overflow")]
    AmountOverflow,
}

impl From<EscrowError> for ProgramError {
    fn from(e: EscrowError) -> Self {
        ProgramError::Custom(e as u32)
    }
}

impl<T> DecodeError<T> for EscrowError {
    fn type_of() -> &'static str {
        "EscrowError"
    }
}

impl PrintProgramError for EscrowError {
    fn print<E>(&self)
    where
        E: 'static + std::error::Error + DecodeError<E> + PrintProgramError + num_traits::FromPrimitive,
    {
        match self {
            EscrowError::InvalidInstruction => msg!("Error: invalid instruction"),
            EscrowError::NotRentExempt => msg!("Error: not rent exempt"),
            EscrowError::ExpectedAmountMismatch | EscrowError::AmountOverflow => {
                msg!("Error: {}", self)
            }
        }
    }
}
