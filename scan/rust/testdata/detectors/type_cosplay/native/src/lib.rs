//! Type cosplay (native): two account types with one layout and no type
//! tag, so an Admin account passes as a User and the other way round.
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
pub struct User {
    pub authority: Pubkey,
    pub points: u64,
}

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Admin {
    pub authority: Pubkey,
    pub points: u64,
}

#[derive(BorshSerialize, BorshDeserialize, PartialEq, Eq)]
pub enum AccountType {
    User,
    Admin,
}

#[derive(BorshSerialize, BorshDeserialize)]
pub struct TaggedUser {
    pub account_type: AccountType,
    pub authority: Pubkey,
    pub points: u64,
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => insecure_admin_action(program_id, accounts),
        Some(1) => secure_user_action(program_id, accounts),
        Some(2) => create_user(program_id, accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_admin_action(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let admin_info = next_account_info(iter)?;
    let signer = next_account_info(iter)?;
    if admin_info.owner != program_id || !signer.is_signer {
        return Err(ProgramError::IllegalOwner);
    }
    let admin = Admin::try_from_slice(&admin_info.data.borrow())?; // want "SOLANA_TYPE_COSPLAY"
    if admin.authority != *signer.key {
        return Err(ProgramError::InvalidAccountData);
    }
    msg!("admin action by {}", admin.authority);
    Ok(())
}

fn secure_user_action(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user_info = next_account_info(iter)?;
    let signer = next_account_info(iter)?;
    if user_info.owner != program_id || !signer.is_signer {
        return Err(ProgramError::IllegalOwner);
    }
    let user = TaggedUser::try_from_slice(&user_info.data.borrow())?;
    if user.account_type != AccountType::User {
        return Err(ProgramError::InvalidAccountData);
    }
    if user.authority != *signer.key {
        return Err(ProgramError::InvalidAccountData);
    }
    msg!("user action with {} points", user.points);
    Ok(())
}

// Writes a User: User is one of the program's account types, with Admin's size.
fn create_user(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user_info = next_account_info(iter)?;
    let signer = next_account_info(iter)?;
    if user_info.owner != program_id || !signer.is_signer {
        return Err(ProgramError::IllegalOwner);
    }
    let user = User { authority: *signer.key, points: 0 };
    user.serialize(&mut &mut user_info.data.borrow_mut()[..])?;
    Ok(())
}
