//! Bump seed canonicalization (native), by what the seeds name: an address derived from an
//! identity (a constant and a key) with a caller's bump has several valid forms; one derived
//! from bytes the caller picks whole (bump byte included) names nothing a canonical bump would
//! make unique.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    msg,
    program_error::ProgramError,
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let seed: [u8; 32] = data
        .get(1..33)
        .and_then(|s| s.try_into().ok())
        .ok_or(ProgramError::InvalidInstructionData)?;
    match data.first() {
        Some(0) => secure_open(program_id, accounts, seed),
        Some(1) => insecure_open_for(program_id, accounts, &seed, seed[31]),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

/// The contract's address is whatever the caller's 32 bytes derive.
fn secure_open(program_id: &Pubkey, accounts: &[AccountInfo], seed: [u8; 32]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let contract = next_account_info(iter)?;
    let key = Pubkey::create_program_address(&[&seed], program_id)?;
    if key != *contract.key {
        return Err(ProgramError::InvalidSeeds);
    }
    msg!("contract opened");
    Ok(())
}

/// The owner's contract, with the caller's bump: each bump gives the owner another one.
fn insecure_open_for(program_id: &Pubkey, accounts: &[AccountInfo], tag: &[u8], bump: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let owner = next_account_info(iter)?;
    let contract = next_account_info(iter)?;
    let key = Pubkey::create_program_address(&[tag, owner.key.as_ref(), &[bump]], program_id)?; // want "SOLANA_BUMP_SEED_CANONICALIZATION"
    if key != *contract.key {
        return Err(ProgramError::InvalidSeeds);
    }
    msg!("contract opened");
    Ok(())
}
