//! Unchecked sysvar account (native): the instructions sysvar is read from
//! whatever account the caller passes.
#![allow(deprecated)]
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
    sysvar::{self, instructions},
};

entrypoint!(process_instruction);

pub fn process_instruction(_program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => insecure_check(accounts),
        Some(1) => secure_check(accounts),
        Some(2) => secure_check_address(accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_check(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let ix_sysvar = next_account_info(iter)?;
    let ix = instructions::load_instruction_at(0, &ix_sysvar.data.borrow())?; // want "SOLANA_UNCHECKED_SYSVAR_ACCOUNT"
    if ix.program_id != solana_program::ed25519_program::ID {
        return Err(ProgramError::InvalidInstructionData);
    }
    Ok(())
}

fn secure_check(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let ix_sysvar = next_account_info(iter)?;
    let ix = instructions::load_instruction_at_checked(0, ix_sysvar)?;
    if ix.program_id != solana_program::ed25519_program::ID {
        return Err(ProgramError::InvalidInstructionData);
    }
    Ok(())
}

fn secure_check_address(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let ix_sysvar = next_account_info(iter)?;
    if *ix_sysvar.key != sysvar::instructions::ID {
        return Err(ProgramError::InvalidArgument);
    }
    let ix = instructions::load_instruction_at(0, &ix_sysvar.data.borrow())?;
    if ix.program_id != solana_program::ed25519_program::ID {
        return Err(ProgramError::InvalidInstructionData);
    }
    Ok(())
}
