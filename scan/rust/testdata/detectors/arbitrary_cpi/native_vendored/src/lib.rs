//! Arbitrary CPI through an aliased spl-token: the crate imports spl-token
//! 3.1.0 as vendored_spl_token and renames it spl_token. Its transfer_checked
//! builder takes the program id it is given, here the key of an account the
//! caller passes (whose local name is spl_token too).
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program::invoke,
    program_error::ProgramError,
    pubkey::Pubkey,
};
use vendored_spl_token as spl_token;

entrypoint!(process_instruction);

pub fn process_instruction(_program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => insecure_pay(accounts, 10),
        Some(1) => secure_pay(accounts, 10),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_pay(accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let source = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let destination = next_account_info(iter)?;
    let owner = next_account_info(iter)?;
    let spl_token = next_account_info(iter)?;
    let ledger = next_account_info(iter)?;
    let ix = spl_token::instruction::transfer_checked(&spl_token.key, source.key, mint.key, destination.key, owner.key, &[], amount, 6)?;
    invoke(&ix, &[source.clone(), mint.clone(), destination.clone(), owner.clone(), spl_token.clone()])?; // want "SOLANA_ARBITRARY_CPI" severity=critical
    // The deposit is booked as if the named program had moved the tokens.
    ledger.try_borrow_mut_data()?[..8].copy_from_slice(&amount.to_le_bytes());
    Ok(())
}

fn secure_pay(accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let source = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let destination = next_account_info(iter)?;
    let owner = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    if *token_program.key != spl_token::id() {
        return Err(ProgramError::IncorrectProgramId);
    }
    let ix = spl_token::instruction::transfer_checked(token_program.key, source.key, mint.key, destination.key, owner.key, &[], amount, 6)?;
    invoke(&ix, &[source.clone(), mint.clone(), destination.clone(), owner.clone(), token_program.clone()])
}
