//! Insecure account closing (native): the account's lamports are moved out
//! but its data is left, so it can be refunded and reused.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
    system_program,
};

entrypoint!(process_instruction);

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => insecure_close(program_id, accounts),
        Some(1) => secure_close(program_id, accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_close(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let owner = next_account_info(iter)?;
    let state = next_account_info(iter)?;
    if !owner.is_signer || state.owner != program_id {
        return Err(ProgramError::IllegalOwner);
    }
    let lamports = state.lamports();
    **owner.try_borrow_mut_lamports()? = owner.lamports().checked_add(lamports).ok_or(ProgramError::ArithmeticOverflow)?;
    **state.try_borrow_mut_lamports()? = 0; // want "SOLANA_INSECURE_ACCOUNT_CLOSING"
    Ok(())
}

fn secure_close(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let owner = next_account_info(iter)?;
    let state = next_account_info(iter)?;
    if !owner.is_signer || state.owner != program_id {
        return Err(ProgramError::IllegalOwner);
    }
    let lamports = state.lamports();
    **owner.try_borrow_mut_lamports()? = owner.lamports().checked_add(lamports).ok_or(ProgramError::ArithmeticOverflow)?;
    **state.try_borrow_mut_lamports()? = 0;
    state.try_borrow_mut_data()?.fill(0);
    state.assign(&system_program::ID);
    Ok(())
}
