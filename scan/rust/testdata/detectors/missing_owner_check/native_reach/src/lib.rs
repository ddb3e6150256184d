//! Missing owner check (native), issue 28 class 10: reachability. Only code the entrypoint's
//! dispatch reaches is an instruction's; a reader nothing dispatches to is not reported. A
//! check anywhere in the instruction counts, even after the read, as long as it comes before
//! anything is written or invoked (a transaction is atomic).
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
pub struct Config {
    pub admin: Pubkey,
    pub fee_bps: u16,
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => insecure_show(accounts),
        _ => secure_show_late_check(program_id, accounts),
    }
}

fn insecure_show(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let config_info = next_account_info(iter)?;
    let config = Config::try_from_slice(&config_info.data.borrow())?; // want "SOLANA_MISSING_OWNER_CHECK"
    msg!("fee {}", config.fee_bps);
    Ok(())
}

// The owner is checked after the read, before anything is written or invoked.
fn secure_show_late_check(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let config_info = next_account_info(iter)?;
    let config = Config::try_from_slice(&config_info.data.borrow())?;
    if config_info.owner != program_id {
        return Err(ProgramError::IllegalOwner);
    }
    msg!("fee {}", config.fee_bps);
    Ok(())
}

// Nothing dispatches here: not an instruction's code.
pub fn unreached_show(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let config_info = next_account_info(iter)?;
    let config = Config::try_from_slice(&config_info.data.borrow())?;
    msg!("fee {}", config.fee_bps);
    Ok(())
}
