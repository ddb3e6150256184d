//! Duplicate mutable accounts (native): the same account passed twice is
//! debited and credited, and the last write wins.
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
pub struct Balance {
    pub discriminator: [u8; 8],
    pub owner: Pubkey,
    pub amount: u64,
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let amount = data
        .get(1..9)
        .and_then(|b| b.try_into().ok())
        .map(u64::from_le_bytes)
        .ok_or(ProgramError::InvalidInstructionData)?;
    match data.first() {
        Some(0) => insecure_move(program_id, accounts, amount),
        Some(1) => secure_move(program_id, accounts, amount),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_move(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let owner = next_account_info(iter)?;
    let from_info = next_account_info(iter)?;
    let to_info = next_account_info(iter)?; // want "SOLANA_DUPLICATE_MUTABLE_ACCOUNTS"
    if !owner.is_signer || from_info.owner != program_id || to_info.owner != program_id {
        return Err(ProgramError::IllegalOwner);
    }
    let mut from = Balance::try_from_slice(&from_info.data.borrow())?;
    let mut to = Balance::try_from_slice(&to_info.data.borrow())?;
    if from.owner != *owner.key {
        return Err(ProgramError::InvalidAccountData);
    }
    from.amount = from.amount.checked_sub(amount).ok_or(ProgramError::InsufficientFunds)?;
    to.amount = to.amount.checked_add(amount).ok_or(ProgramError::ArithmeticOverflow)?;
    from.serialize(&mut &mut from_info.data.borrow_mut()[..])?;
    to.serialize(&mut &mut to_info.data.borrow_mut()[..])?;
    Ok(())
}

fn secure_move(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let owner = next_account_info(iter)?;
    let from_info = next_account_info(iter)?;
    let to_info = next_account_info(iter)?;
    if from_info.key == to_info.key {
        return Err(ProgramError::InvalidArgument);
    }
    if !owner.is_signer || from_info.owner != program_id || to_info.owner != program_id {
        return Err(ProgramError::IllegalOwner);
    }
    let mut from = Balance::try_from_slice(&from_info.data.borrow())?;
    let mut to = Balance::try_from_slice(&to_info.data.borrow())?;
    if from.owner != *owner.key {
        return Err(ProgramError::InvalidAccountData);
    }
    from.amount = from.amount.checked_sub(amount).ok_or(ProgramError::InsufficientFunds)?;
    to.amount = to.amount.checked_add(amount).ok_or(ProgramError::ArithmeticOverflow)?;
    from.serialize(&mut &mut from_info.data.borrow_mut()[..])?;
    to.serialize(&mut &mut to_info.data.borrow_mut()[..])?;
    Ok(())
}
