//! Account data matching (native): a token account checked for its owning
//! program but never matched with the signer that claims it.
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

pub fn process_instruction(_program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => insecure_claim(accounts),
        Some(1) => secure_claim(accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_claim(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let authority = next_account_info(iter)?;
    let token_info = next_account_info(iter)?;
    if !authority.is_signer {
        return Err(ProgramError::MissingRequiredSignature);
    }
    if *token_info.owner != spl_token::id() {
        return Err(ProgramError::IncorrectProgramId);
    }
    let token = spl_token::state::Account::unpack(&token_info.data.borrow())?; // want "SOLANA_ACCOUNT_DATA_MATCHING"
    msg!("claiming against {}", token.amount);
    Ok(())
}

fn secure_claim(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let authority = next_account_info(iter)?;
    let token_info = next_account_info(iter)?;
    if !authority.is_signer {
        return Err(ProgramError::MissingRequiredSignature);
    }
    if *token_info.owner != spl_token::id() {
        return Err(ProgramError::IncorrectProgramId);
    }
    let token = spl_token::state::Account::unpack(&token_info.data.borrow())?;
    if token.owner != *authority.key {
        return Err(ProgramError::InvalidAccountData);
    }
    msg!("claiming against {}", token.amount);
    Ok(())
}
