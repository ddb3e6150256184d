//! Missing owner check (native): account data deserialized without
//! comparing the account's owner with the program that must own it.
use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    msg,
    program_error::ProgramError,
    program_pack::Pack,
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

#[derive(BorshSerialize, BorshDeserialize)]
pub struct AdminConfig {
    pub discriminator: [u8; 8],
    pub admin: Pubkey,
    pub fee_bps: u16,
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => insecure_read_config(accounts),
        Some(1) => secure_read_config(program_id, accounts),
        Some(2) => insecure_token_amount(accounts),
        Some(3) => secure_token_amount(accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_read_config(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let config_info = next_account_info(iter)?;
    let config = AdminConfig::try_from_slice(&config_info.data.borrow())?; // want "SOLANA_MISSING_OWNER_CHECK"
    msg!("fee {}", config.fee_bps);
    Ok(())
}

fn secure_read_config(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let config_info = next_account_info(iter)?;
    if config_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    let config = AdminConfig::try_from_slice(&config_info.data.borrow())?;
    msg!("fee {}", config.fee_bps);
    Ok(())
}

fn insecure_token_amount(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let token_info = next_account_info(iter)?;
    let token = spl_token::state::Account::unpack(&token_info.data.borrow())?; // want "SOLANA_MISSING_OWNER_CHECK"
    msg!("amount {}", token.amount);
    Ok(())
}

fn secure_token_amount(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let token_info = next_account_info(iter)?;
    if *token_info.owner != spl_token::id() {
        return Err(ProgramError::IncorrectProgramId);
    }
    let token = spl_token::state::Account::unpack(&token_info.data.borrow())?;
    msg!("amount {}", token.amount);
    Ok(())
}
