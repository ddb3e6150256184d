//! Unchecked arithmetic on slice lengths: a slice's length less the length of a part taken
//! from it cannot go below zero, nor below where the part starts; lengths of slices the code
//! does not tie together can.
use arrayref::array_refs;
use solana_program::{
    account_info::AccountInfo, entrypoint, entrypoint::ProgramResult, msg, program_error::ProgramError,
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => secure_count_options(program_id, accounts),
        Some(1) => secure_tail(program_id, accounts),
        Some(2) => insecure_unrelated(program_id, accounts, &data[1..]),
        Some(3) => insecure_past_start(program_id, accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

/// Three fixed accounts, then optional ones: the fixed part is the list less its rest, and
/// the rest starts at 3, so the list holds at least 3 more than the rest.
fn secure_count_options(_program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    if accounts.len() < 3 {
        return Err(ProgramError::NotEnoughAccountKeys);
    }
    let (fixed, rest) = array_refs![accounts, 3; ..;];
    let fixed_count = accounts.len() - rest.len();
    let last_fixed = accounts.len() - rest.len() - 1;
    msg!("{} fixed, last at {}, first {}", fixed_count, last_fixed, fixed[0].key);
    Ok(())
}

fn secure_tail(_program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let tail = &accounts[2..];
    let (head, _) = accounts.split_at(1);
    msg!("{} {}", accounts.len() - tail.len(), accounts.len() - head.len());
    Ok(())
}

/// The data's length has nothing to do with the account list's.
fn insecure_unrelated(_program_id: &Pubkey, accounts: &[AccountInfo], args: &[u8]) -> ProgramResult {
    let spare = accounts.len() - args.len(); // want "SOLANA_UNCHECKED_ARITHMETIC"
    msg!("{}", spare);
    Ok(())
}

/// The rest starts at 2: the list may hold only 2 more than it.
fn insecure_past_start(_program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let rest = &accounts[2..];
    let slot = accounts.len() - rest.len() - 3; // want "SOLANA_UNCHECKED_ARITHMETIC"
    msg!("{}", slot);
    Ok(())
}
