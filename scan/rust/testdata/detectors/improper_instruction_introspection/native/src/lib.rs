//! Improper instruction introspection (native): the signature check is
//! looked up at a fixed position instead of next to this instruction.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
    sysvar::instructions::{load_current_index_checked, load_instruction_at_checked},
};

entrypoint!(process_instruction);

fn process_instruction(_program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => insecure_verify(accounts),
        _ => secure_verify(accounts),
    }
}

fn insecure_verify(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let ix_sysvar = next_account_info(iter)?;
    let sig = load_instruction_at_checked(1, ix_sysvar)?; // want "SOLANA_IMPROPER_INSTRUCTION_INTROSPECTION"
    if sig.program_id != solana_program::secp256k1_program::id() {
        return Err(ProgramError::InvalidInstructionData);
    }
    Ok(())
}

fn secure_verify(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let ix_sysvar = next_account_info(iter)?;
    let current = load_current_index_checked(ix_sysvar)?;
    let index = (current as usize).checked_sub(1).ok_or(ProgramError::InvalidInstructionData)?;
    let sig = load_instruction_at_checked(index, ix_sysvar)?;
    if sig.program_id != solana_program::secp256k1_program::id() {
        return Err(ProgramError::InvalidInstructionData);
    }
    Ok(())
}
