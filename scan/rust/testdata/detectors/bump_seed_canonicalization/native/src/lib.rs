//! Bump seed canonicalization (native): the bump comes from instruction
//! data and is trusted by create_program_address.
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
    match data {
        [0, bump] => insecure_verify(program_id, accounts, *bump),
        [1] => secure_verify(program_id, accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_verify(program_id: &Pubkey, accounts: &[AccountInfo], bump: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let escrow = next_account_info(iter)?;
    let expected = Pubkey::create_program_address(&[b"escrow", user.key.as_ref(), &[bump]], program_id)?; // want "SOLANA_BUMP_SEED_CANONICALIZATION"
    if expected != *escrow.key {
        return Err(ProgramError::InvalidSeeds);
    }
    msg!("escrow verified");
    Ok(())
}

fn secure_verify(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let escrow = next_account_info(iter)?;
    let (expected, _bump) = Pubkey::find_program_address(&[b"escrow", user.key.as_ref()], program_id);
    if expected != *escrow.key {
        return Err(ProgramError::InvalidSeeds);
    }
    msg!("escrow verified");
    Ok(())
}
