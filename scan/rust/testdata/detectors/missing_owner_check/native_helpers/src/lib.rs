//! Missing owner check (native), through helper functions: a reader that
//! takes an &AccountInfo relies on its callers; a writer establishes the
//! owner (the runtime lets only the owner write).
use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    msg,
    program_error::ProgramError,
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Counter {
    pub count: u64,
}

fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => secure_show(program_id, accounts),
        Some(1) => secure_bump(accounts),
        _ => insecure_peek(accounts),
    }
}

fn read_counter(info: &AccountInfo) -> Result<Counter, ProgramError> {
    Counter::try_from_slice(&info.data.borrow()).map_err(|_| ProgramError::InvalidAccountData)
}

fn read_other(info: &AccountInfo) -> Result<Counter, ProgramError> {
    Counter::try_from_slice(&info.data.borrow()).map_err(|_| ProgramError::InvalidAccountData) // want "SOLANA_MISSING_OWNER_CHECK"
}

fn store(info: &AccountInfo, counter: &Counter) -> ProgramResult {
    counter.serialize(&mut &mut info.data.borrow_mut()[..])?;
    Ok(())
}

fn secure_show(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let counter_info = next_account_info(iter)?;
    if counter_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    let counter = read_counter(counter_info)?;
    msg!("count {}", counter.count);
    Ok(())
}

fn secure_bump(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let counter_info = next_account_info(iter)?;
    let mut counter = Counter::try_from_slice(&counter_info.data.borrow())?;
    counter.count = counter.count.saturating_add(1);
    store(counter_info, &counter)
}

fn insecure_peek(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let other_info = next_account_info(iter)?;
    let counter = read_other(other_info)?;
    msg!("count {}", counter.count);
    Ok(())
}
