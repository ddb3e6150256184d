//! Missing signer check (native): the admin key is compared with stored
//! state, but is_signer is never checked.
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
pub struct Config {
    pub discriminator: [u8; 8],
    pub admin: Pubkey,
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let (tag, rest) = data.split_first().ok_or(ProgramError::InvalidInstructionData)?;
    let new_admin = Pubkey::try_from(rest).map_err(|_| ProgramError::InvalidInstructionData)?;
    match tag {
        0 => insecure_set_admin(program_id, accounts, new_admin),
        1 => secure_set_admin(program_id, accounts, new_admin),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_set_admin(program_id: &Pubkey, accounts: &[AccountInfo], new_admin: Pubkey) -> ProgramResult {
    let iter = &mut accounts.iter();
    let admin = next_account_info(iter)?; // want "SOLANA_MISSING_SIGNER_CHECK"
    let config_info = next_account_info(iter)?;
    if config_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    let mut config = Config::try_from_slice(&config_info.data.borrow())?;
    if config.admin != *admin.key {
        return Err(ProgramError::InvalidAccountData);
    }
    config.admin = new_admin;
    config.serialize(&mut &mut config_info.data.borrow_mut()[..])?;
    Ok(())
}

fn secure_set_admin(program_id: &Pubkey, accounts: &[AccountInfo], new_admin: Pubkey) -> ProgramResult {
    let iter = &mut accounts.iter();
    let admin = next_account_info(iter)?;
    let config_info = next_account_info(iter)?;
    if !admin.is_signer {
        return Err(ProgramError::MissingRequiredSignature);
    }
    if config_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    let mut config = Config::try_from_slice(&config_info.data.borrow())?;
    if config.admin != *admin.key {
        return Err(ProgramError::InvalidAccountData);
    }
    config.admin = new_admin;
    config.serialize(&mut &mut config_info.data.borrow_mut()[..])?;
    Ok(())
}
