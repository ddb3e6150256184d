//! Unchecked arithmetic (native, overflow-checks = false): lamport
//! arithmetic that wraps in release builds.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let amount = data
        .get(1..9)
        .and_then(|b| b.try_into().ok())
        .map(u64::from_le_bytes)
        .ok_or(ProgramError::InvalidInstructionData)?;
    match data.first() {
        Some(0) => insecure_pay(program_id, accounts, amount),
        Some(1) => secure_pay(program_id, accounts, amount),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_pay(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let treasury = next_account_info(iter)?;
    let recipient = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    if treasury.owner != program_id || !authority.is_signer {
        return Err(ProgramError::IllegalOwner);
    }
    **treasury.try_borrow_mut_lamports()? -= amount; // want "SOLANA_UNCHECKED_ARITHMETIC"
    **recipient.try_borrow_mut_lamports()? += amount; // want "SOLANA_UNCHECKED_ARITHMETIC"
    Ok(())
}

fn secure_pay(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let treasury = next_account_info(iter)?;
    let recipient = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    if treasury.owner != program_id || !authority.is_signer {
        return Err(ProgramError::IllegalOwner);
    }
    let from = treasury.lamports().checked_sub(amount).ok_or(ProgramError::InsufficientFunds)?;
    let to = recipient.lamports().checked_add(amount).ok_or(ProgramError::ArithmeticOverflow)?;
    **treasury.try_borrow_mut_lamports()? = from;
    **recipient.try_borrow_mut_lamports()? = to;
    Ok(())
}
