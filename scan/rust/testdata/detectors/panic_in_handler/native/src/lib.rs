//! Panics in instruction handlers (native).
use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Counter {
    pub discriminator: [u8; 8],
    pub count: u64,
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => insecure_bump(program_id, accounts),
        Some(1) => secure_bump(program_id, accounts),
        _ => unreachable!("unknown instruction"), // want "SOLANA_PANIC_IN_HANDLER"
    }
}

fn insecure_bump(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let counter_info = next_account_info(iter).unwrap(); // want "SOLANA_PANIC_IN_HANDLER"
    if counter_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    let mut counter = Counter::try_from_slice(&counter_info.data.borrow()).expect("bad data"); // want "SOLANA_PANIC_IN_HANDLER"
    counter.count = counter.count.checked_add(1).ok_or(ProgramError::ArithmeticOverflow)?;
    counter.serialize(&mut &mut counter_info.data.borrow_mut()[..])?;
    Ok(())
}

fn secure_bump(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let counter_info = next_account_info(iter)?;
    if counter_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    let mut counter = Counter::try_from_slice(&counter_info.data.borrow())?;
    counter.count = counter.count.checked_add(1).ok_or(ProgramError::ArithmeticOverflow)?;
    counter.serialize(&mut &mut counter_info.data.borrow_mut()[..])?;
    Ok(())
}
