//! Instructions.
use crate::error::EscrowError::InvalidInstruction;
use solana_program::program_error::ProgramError;
use std::convert::TryInto;

/// Escrow instructions.
#[derive(Clone, Debug, PartialEq)]
pub enum EscrowInstruction {
    /// Starts the trade by creating and populating an escrow account.
    ///
    /// Accounts expected:
    /// 0. `[signer]` The initializer
    /// 1. `[writable]` Temporary token account owned by the initializer
    /// 2. `[]` The initializer's token account for the token they will receive
    /// 3. `[writable]` The escrow account
    /// 4. `[]` The rent sysvar
    /// 5. `[]` The token program
    InitEscrow {
        /// The amount party A expects to receive of token Y
        amount: u64,
    },
    /// Accepts a trade.
    Exchange {
        /// The amount the taker expects to be paid in the other token
        amount: u64,
    },
}

impl EscrowInstruction {
    /// Unpacks a byte buffer into an [EscrowInstruction](enum.EscrowInstruction.html).
    pub fn unpack(input: &[u8]) -> Result<Self, ProgramError> {
        let (&tag, rest) = input.split_first().ok_or(InvalidInstruction)?;
        Ok(match tag {
            0 => Self::InitEscrow { amount: Self::unpack_amount(rest)? },
            1 => Self::Exchange { amount: Self::unpack_amount(rest)? },
            _ => return Err(InvalidInstruction.into()),
        })
    }

    fn unpack_amount(input: &[u8]) -> Result<u64, ProgramError> {
        let amount = input
            .get(..8)
            .and_then(|slice| slice.try_into().ok())
            .map(u64::from_le_bytes)
            .ok_or(InvalidInstruction)?;
        Ok(amount)
    }

    /// Packs the instruction into a byte buffer.
    pub fn pack(&self) -> Vec<u8> {
        let mut buf = Vec::with_capacity(9);
        match *self {
            Self::InitEscrow { amount } => {
                buf.push(0);
                buf.extend_from_slice(&amount.to_le_bytes());
            }
            Self::Exchange { amount } => {
                buf.push(1);
                buf.extend_from_slice(&amount.to_le_bytes());
            }
        };
        buf
    }
}
