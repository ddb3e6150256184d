//! Unsafe code (native): unchecked transmutes and unchecked slices.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    msg,
    program_error::ProgramError,
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

pub fn process_instruction(_program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => insecure_amount(accounts),
        Some(1) => secure_amount(accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

/// Reads the amount at offset 64 without bounds checks.
unsafe fn read_amount_unchecked(data: &[u8]) -> u64 { // want "SOLANA_UNSAFE_CODE"
    let bytes: [u8; 8] = *(data.as_ptr().add(64) as *const [u8; 8]);
    u64::from_le_bytes(bytes)
}

fn insecure_amount(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let token = next_account_info(iter)?;
    let data = token.try_borrow_data()?;
    let amount = unsafe { read_amount_unchecked(&data) }; // want "SOLANA_UNSAFE_CODE"
    msg!("amount {}", amount);
    Ok(())
}

fn secure_amount(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let token = next_account_info(iter)?;
    let data = token.try_borrow_data()?;
    let bytes: [u8; 8] = data
        .get(64..72)
        .and_then(|s| s.try_into().ok())
        .ok_or(ProgramError::InvalidAccountData)?;
    msg!("amount {}", u64::from_le_bytes(bytes));
    Ok(())
}
