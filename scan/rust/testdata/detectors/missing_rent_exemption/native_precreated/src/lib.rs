//! Pre-created accounts (native): the client creates the account in the
//! same transaction and the program only initializes it. The program must
//! then check that the balance it was given covers the rent for the
//! account's size, as the token program's InitializeAccount does.
use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
    rent::Rent,
    sysvar::Sysvar,
};

entrypoint!(process_instruction);

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Counter {
    pub is_initialized: bool,
    pub authority: Pubkey,
    pub count: u64,
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => insecure_initialize(program_id, accounts),
        Some(1) => secure_initialize(program_id, accounts),
        Some(2) => secure_initialize_checked_first(program_id, accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

// Whatever balance the client left in the account is accepted.
pub fn insecure_initialize(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let counter_info = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    if counter_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    let mut counter = Counter::try_from_slice(&counter_info.data.borrow())?;
    if counter.is_initialized {
        return Err(ProgramError::AccountAlreadyInitialized);
    }
    counter.is_initialized = true; // want "SOLANA_MISSING_RENT_EXEMPTION"
    counter.authority = *authority.key;
    counter.serialize(&mut &mut counter_info.data.borrow_mut()[..])?;
    Ok(())
}

pub fn secure_initialize(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let counter_info = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    if counter_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    if !Rent::get()?.is_exempt(counter_info.lamports(), counter_info.data_len()) {
        return Err(ProgramError::AccountNotRentExempt);
    }
    let mut counter = Counter::try_from_slice(&counter_info.data.borrow())?;
    if counter.is_initialized {
        return Err(ProgramError::AccountAlreadyInitialized);
    }
    counter.is_initialized = true;
    counter.authority = *authority.key;
    counter.serialize(&mut &mut counter_info.data.borrow_mut()[..])?;
    Ok(())
}

// The rent check sits in the caller; the helper writes the state.
pub fn secure_initialize_checked_first(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let counter_info = accounts.first().ok_or(ProgramError::NotEnoughAccountKeys)?;
    if counter_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    let rent = Rent::get()?;
    if !rent.is_exempt(counter_info.lamports(), counter_info.data_len()) {
        return Err(ProgramError::AccountNotRentExempt);
    }
    write_fresh(counter_info, accounts)
}

fn write_fresh(counter_info: &AccountInfo, accounts: &[AccountInfo]) -> ProgramResult {
    let authority = accounts.get(1).ok_or(ProgramError::NotEnoughAccountKeys)?;
    let counter = Counter { is_initialized: true, authority: *authority.key, count: 0 };
    counter.serialize(&mut &mut counter_info.data.borrow_mut()[..])?;
    Ok(())
}
