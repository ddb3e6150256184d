//! Division before multiplication (native): a fee computed as
//! amount / 10_000 * bps is zero for every amount below 10 000.
use solana_program::{entrypoint, entrypoint::ProgramResult, msg, program_error::ProgramError, pubkey::Pubkey};
use solana_program::account_info::AccountInfo;

entrypoint!(process_instruction);

const FEE_BPS: u64 = 30;

pub fn process_instruction(_program_id: &Pubkey, _accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let amount = data
        .get(1..9)
        .and_then(|b| b.try_into().ok())
        .map(u64::from_le_bytes)
        .ok_or(ProgramError::InvalidInstructionData)?;
    let fee = match data.first() {
        Some(0) => insecure_fee(amount),
        Some(1) => secure_fee(amount)?,
        _ => return Err(ProgramError::InvalidInstructionData),
    };
    msg!("fee {}", fee);
    Ok(())
}

fn insecure_fee(amount: u64) -> u64 {
    amount / 10_000 * FEE_BPS // want "SOLANA_DIVISION_BEFORE_MULTIPLICATION"
}

fn secure_fee(amount: u64) -> Result<u64, ProgramError> {
    amount
        .checked_mul(FEE_BPS)
        .map(|v| v / 10_000)
        .ok_or(ProgramError::ArithmeticOverflow)
}
