//! PDA sharing (native): the vault authority PDA is derived from the mint
//! alone, so it signs transfers out of every user's vault of that mint.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program::invoke_signed,
    program_error::ProgramError,
    program_pack::Pack,
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
        Some(2) => secure_issue(program_id, accounts, amount, b"receipts"),
        Some(3) => insecure_redeem(program_id, accounts, amount),
        Some(4) => secure_issue(program_id, accounts, amount, b"shares"),
        Some(5) => secure_check_reserve(program_id, accounts),
        Some(6) => insecure_redeem_shares(program_id, accounts, amount),
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

// The receipts mint's authority is a PDA of the pool: it issues receipts...
fn secure_issue(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64, prefix: &[u8]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let pool = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let destination = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    if *token_program.key != spl_token::id() {
        return Err(ProgramError::IncorrectProgramId);
    }
    let (expected, bump) = Pubkey::find_program_address(&[prefix, pool.key.as_ref()], program_id);
    if expected != *authority.key {
        return Err(ProgramError::InvalidSeeds);
    }
    let ix = spl_token::instruction::mint_to(token_program.key, mint.key, destination.key, authority.key, &[], amount)?;
    invoke_signed(&ix, &[mint.clone(), destination.clone(), authority.clone()], &[&[prefix, pool.key.as_ref(), &[bump]]])
}

// ...and burns them from whichever account the caller names. The mint's authority owns no
// token account, so the token program lets it burn only as the account's approved delegate:
// only an approval its owner left outstanding is at stake (low).
fn insecure_redeem(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let pool = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let source = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    if *token_program.key != spl_token::id() {
        return Err(ProgramError::IncorrectProgramId);
    }
    let (expected, bump) = Pubkey::find_program_address(&[b"receipts", pool.key.as_ref()], program_id);
    if expected != *authority.key {
        return Err(ProgramError::InvalidSeeds);
    }
    let ix = spl_token::instruction::burn(token_program.key, source.key, mint.key, authority.key, &[], amount)?;
    invoke_signed(
        &ix,
        &[source.clone(), mint.clone(), authority.clone()],
        &[&[b"receipts", pool.key.as_ref(), &[bump]]], // want "SOLANA_PDA_SHARING" severity=low
    )
}

// The shares mint's authority also owns the pool's reserve (checked here)...
fn secure_check_reserve(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let pool = next_account_info(iter)?;
    let reserve = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    if *reserve.owner != spl_token::id() {
        return Err(ProgramError::IncorrectProgramId);
    }
    let (expected, _) = Pubkey::find_program_address(&[b"shares", pool.key.as_ref()], program_id);
    let data = spl_token::state::Account::unpack(&reserve.data.borrow())?;
    if expected != *authority.key || data.owner != *authority.key {
        return Err(ProgramError::InvalidAccountData);
    }
    Ok(())
}

// ...so a burn it signs from a caller-named account may be a burn from the reserve it owns
// (high).
fn insecure_redeem_shares(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let pool = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let source = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    if *token_program.key != spl_token::id() {
        return Err(ProgramError::IncorrectProgramId);
    }
    let (expected, bump) = Pubkey::find_program_address(&[b"shares", pool.key.as_ref()], program_id);
    if expected != *authority.key {
        return Err(ProgramError::InvalidSeeds);
    }
    let ix = spl_token::instruction::burn(token_program.key, source.key, mint.key, authority.key, &[], amount)?;
    invoke_signed(
        &ix,
        &[source.clone(), mint.clone(), authority.clone()],
        &[&[b"shares", pool.key.as_ref(), &[bump]]], // want "SOLANA_PDA_SHARING" severity=high
    )
}
