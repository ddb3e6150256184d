//! PDA sharing (native): the vault authority PDA is derived from the mint
//! alone, so it signs transfers out of every user's vault of that mint.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program::invoke_signed,
    program_error::ProgramError,
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let amount = data
        .get(1..9)
        .and_then(|b| b.try_into().ok())
        .map(u64::from_le_bytes)
        .ok_or(ProgramError::InvalidInstructionData)?;
    match data.first() {
        Some(0) => insecure_withdraw(program_id, accounts, amount),
        Some(1) => secure_withdraw(program_id, accounts, amount),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_withdraw(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let vault = next_account_info(iter)?;
    let destination = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    if !user.is_signer || *token_program.key != spl_token::id() {
        return Err(ProgramError::MissingRequiredSignature);
    }
    let (expected, bump) = Pubkey::find_program_address(&[b"authority", mint.key.as_ref()], program_id);
    if expected != *authority.key {
        return Err(ProgramError::InvalidSeeds);
    }
    let ix = spl_token::instruction::transfer(token_program.key, vault.key, destination.key, authority.key, &[], amount)?;
    invoke_signed(
        &ix,
        &[vault.clone(), destination.clone(), authority.clone(), token_program.clone()],
        &[&[b"authority", mint.key.as_ref(), &[bump]]], // want "SOLANA_PDA_SHARING"
    )
}

fn secure_withdraw(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let vault = next_account_info(iter)?;
    let destination = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    if !user.is_signer || *token_program.key != spl_token::id() {
        return Err(ProgramError::MissingRequiredSignature);
    }
    let (expected, bump) =
        Pubkey::find_program_address(&[b"authority", mint.key.as_ref(), user.key.as_ref()], program_id);
    if expected != *authority.key {
        return Err(ProgramError::InvalidSeeds);
    }
    let ix = spl_token::instruction::transfer(token_program.key, vault.key, destination.key, authority.key, &[], amount)?;
    invoke_signed(
        &ix,
        &[vault.clone(), destination.clone(), authority.clone(), token_program.clone()],
        &[&[b"authority", mint.key.as_ref(), user.key.as_ref(), &[bump]]],
    )
}
