//! Account created without a rent-exempt balance (native): the lamports
//! given to create_account must cover Rent::minimum_balance of its size.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program::invoke_signed,
    program_error::ProgramError,
    pubkey::Pubkey,
    rent::Rent,
    system_instruction,
    sysvar::Sysvar,
};

entrypoint!(process_instruction);

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let bump = *data.get(1).ok_or(ProgramError::InvalidInstructionData)?;
    match data.first() {
        Some(0) => insecure_create_record(program_id, accounts, bump),
        Some(1) => insecure_create_with_amount(program_id, accounts, u64::from(data[2]) << 20, bump),
        Some(2) => secure_create_record(program_id, accounts, bump),
        Some(3) => secure_create_via_helper(program_id, accounts, bump),
        Some(4) => insecure_fund_and_allocate(program_id, accounts, u64::from(data[2]) << 20, bump),
        Some(5) => secure_allocate_checked(program_id, accounts, bump),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

pub const RECORD_SIZE: usize = 64;
pub const RECORD_LAMPORTS: u64 = 1_000_000;

// A hard-coded balance: enough today for 64 bytes, not for the next size.
pub fn insecure_create_record(program_id: &Pubkey, accounts: &[AccountInfo], bump: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let payer = next_account_info(iter)?;
    let record = next_account_info(iter)?;
    let ix = system_instruction::create_account( // want "SOLANA_MISSING_RENT_EXEMPTION"
        payer.key,
        record.key,
        RECORD_LAMPORTS,
        RECORD_SIZE as u64,
        program_id,
    );
    invoke_signed(&ix, &[payer.clone(), record.clone()], &[&[b"record", payer.key.as_ref(), &[bump]]])
}

// The caller chooses the balance in the instruction data.
pub fn insecure_create_with_amount(program_id: &Pubkey, accounts: &[AccountInfo], lamports: u64, bump: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let payer = next_account_info(iter)?;
    let record = next_account_info(iter)?;
    invoke_signed(
        &system_instruction::create_account(payer.key, record.key, lamports, RECORD_SIZE as u64, program_id), // want "SOLANA_MISSING_RENT_EXEMPTION"
        &[payer.clone(), record.clone()],
        &[&[b"record", payer.key.as_ref(), &[bump]]],
    )
}

pub fn secure_create_record(program_id: &Pubkey, accounts: &[AccountInfo], bump: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let payer = next_account_info(iter)?;
    let record = next_account_info(iter)?;
    let rent = Rent::get()?;
    let lamports = rent.minimum_balance(RECORD_SIZE);
    let ix = system_instruction::create_account(payer.key, record.key, lamports, RECORD_SIZE as u64, program_id);
    invoke_signed(&ix, &[payer.clone(), record.clone()], &[&[b"record", payer.key.as_ref(), &[bump]]])
}

// The balance comes from a helper that asks the rent sysvar.
pub fn secure_create_via_helper(program_id: &Pubkey, accounts: &[AccountInfo], bump: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let payer = next_account_info(iter)?;
    let record = next_account_info(iter)?;
    create_funded(program_id, payer, record, rent_for(RECORD_SIZE)?, bump)
}

fn rent_for(space: usize) -> Result<u64, solana_program::program_error::ProgramError> {
    Ok(Rent::get()?.minimum_balance(space))
}

// Every caller passes a rent-derived balance.
fn create_funded<'a>(program_id: &Pubkey, payer: &AccountInfo<'a>, record: &AccountInfo<'a>, lamports: u64, bump: u8) -> ProgramResult {
    let ix = system_instruction::create_account(payer.key, record.key, lamports, RECORD_SIZE as u64, program_id);
    invoke_signed(&ix, &[payer.clone(), record.clone()], &[&[b"record", payer.key.as_ref(), &[bump]]])
}

// A PDA that already holds lamports is funded with a transfer, then given
// space and an owner; here the caller picks the transfer.
pub fn insecure_fund_and_allocate(program_id: &Pubkey, accounts: &[AccountInfo], lamports: u64, bump: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let payer = next_account_info(iter)?;
    let record = next_account_info(iter)?;
    let seeds: &[&[u8]] = &[b"record", payer.key.as_ref(), &[bump]];
    solana_program::program::invoke(
        &system_instruction::transfer(payer.key, record.key, lamports), // want "SOLANA_MISSING_RENT_EXEMPTION"
        &[payer.clone(), record.clone()],
    )?;
    invoke_signed(&system_instruction::allocate(record.key, RECORD_SIZE as u64), &[record.clone()], &[seeds])?;
    invoke_signed(&system_instruction::assign(record.key, program_id), &[record.clone()], &[seeds])
}

// The user funded the PDA beforehand; the balance is checked against the
// rent before the space is taken.
pub fn secure_allocate_checked(program_id: &Pubkey, accounts: &[AccountInfo], bump: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let payer = next_account_info(iter)?;
    let record = next_account_info(iter)?;
    if !Rent::get()?.is_exempt(record.lamports(), RECORD_SIZE) {
        return Err(ProgramError::AccountNotRentExempt);
    }
    let seeds: &[&[u8]] = &[b"record", payer.key.as_ref(), &[bump]];
    invoke_signed(&system_instruction::allocate(record.key, RECORD_SIZE as u64), &[record.clone()], &[seeds])?;
    invoke_signed(&system_instruction::assign(record.key, program_id), &[record.clone()], &[seeds])
}
