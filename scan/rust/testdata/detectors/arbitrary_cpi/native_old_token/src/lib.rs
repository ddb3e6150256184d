//! Arbitrary CPI through an SPL token instruction builder. spl-token
//! before 3.1.1 puts whatever program id it is given into the instruction,
//! so the builder does not stand in for a check of the program account.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program::invoke,
    program_error::ProgramError,
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

fn process_instruction(_program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let amount = u64::from_le_bytes(data.get(1..9).and_then(|b| b.try_into().ok()).ok_or(ProgramError::InvalidInstructionData)?);
    match data.first() {
        Some(0) => insecure_pay(accounts, amount),
        _ => secure_pay(accounts, amount),
    }
}

pub fn insecure_pay(accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let token_program = next_account_info(iter)?;
    let source = next_account_info(iter)?;
    let destination = next_account_info(iter)?;
    let owner = next_account_info(iter)?;
    let ledger = next_account_info(iter)?;
    let ix = spl_token::instruction::transfer(token_program.key, source.key, destination.key, owner.key, &[], amount)?;
    invoke(&ix, &[source.clone(), destination.clone(), owner.clone()])?; // want "SOLANA_ARBITRARY_CPI" severity=critical
    // The deposit is booked as if the named program had moved the tokens.
    ledger.try_borrow_mut_data()?[..8].copy_from_slice(&amount.to_le_bytes());
    Ok(())
}

pub fn secure_pay(accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let token_program = next_account_info(iter)?;
    let source = next_account_info(iter)?;
    let destination = next_account_info(iter)?;
    let owner = next_account_info(iter)?;
    expect_token_program(token_program.key)?;
    let ix = spl_token::instruction::transfer(token_program.key, source.key, destination.key, owner.key, &[], amount)?;
    invoke(&ix, &[source.clone(), destination.clone(), owner.clone()])
}

fn expect_token_program(id: &Pubkey) -> ProgramResult {
    if *id != spl_token::ID {
        return Err(ProgramError::IncorrectProgramId);
    }
    Ok(())
}
