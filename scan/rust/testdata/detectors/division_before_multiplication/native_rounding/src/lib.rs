//! Division before multiplication (native), rounding on purpose: x / w * w rounds x down to a
//! multiple of w (the start of a time window, a lot size), which is the truncation's point;
//! x / w * k with k other than w scales the truncation.
use solana_program::account_info::AccountInfo;
use solana_program::{entrypoint, entrypoint::ProgramResult, msg, program_error::ProgramError, pubkey::Pubkey};

entrypoint!(process_instruction);

pub fn process_instruction(_program_id: &Pubkey, _accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let now = data
        .get(1..9)
        .and_then(|b| b.try_into().ok())
        .map(u64::from_le_bytes)
        .ok_or(ProgramError::InvalidInstructionData)?;
    let window: u64 = 3_600;
    let lot: u64 = 100;
    match data.first() {
        Some(0) => {
            let start = secure_window_start(now, window);
            let lots = now.checked_div(lot).and_then(|n| n.checked_mul(lot));
            msg!("{} {:?}", start, lots);
        }
        Some(1) => msg!("{}", insecure_hours(now, window)),
        Some(2) => msg!("{:?}", now.checked_div(lot).and_then(|n| n.checked_mul(window))), // want "SOLANA_DIVISION_BEFORE_MULTIPLICATION"
        _ => return Err(ProgramError::InvalidInstructionData),
    }
    Ok(())
}

/// The start of the window now falls in.
fn secure_window_start(now: u64, window: u64) -> u64 {
    now / window * window
}

/// Whole windows scaled by another factor: the rounding error grows with it.
fn insecure_hours(now: u64, window: u64) -> u64 {
    now / window * 60 // want "SOLANA_DIVISION_BEFORE_MULTIPLICATION"
}
