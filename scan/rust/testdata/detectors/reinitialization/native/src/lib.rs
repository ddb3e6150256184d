//! Reinitialization (native): an initialize instruction that overwrites
//! existing state because it never checks the is_initialized flag.
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
pub struct Vault {
    pub discriminator: [u8; 8],
    pub is_initialized: bool,
    pub authority: Pubkey,
    pub balance: u64,
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => insecure_initialize(program_id, accounts),
        Some(1) => secure_initialize(program_id, accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_initialize(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let vault_info = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    if vault_info.owner != program_id || !authority.is_signer {
        return Err(ProgramError::IllegalOwner);
    }
    let mut vault = Vault::try_from_slice(&vault_info.data.borrow())?;
    vault.is_initialized = true;
    vault.authority = *authority.key;
    vault.balance = 0;
    vault.serialize(&mut &mut vault_info.data.borrow_mut()[..])?; // want "SOLANA_REINITIALIZATION"
    Ok(())
}

fn secure_initialize(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let vault_info = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    if vault_info.owner != program_id || !authority.is_signer {
        return Err(ProgramError::IllegalOwner);
    }
    let mut vault = Vault::try_from_slice(&vault_info.data.borrow())?;
    if vault.is_initialized {
        return Err(ProgramError::AccountAlreadyInitialized);
    }
    vault.is_initialized = true;
    vault.authority = *authority.key;
    vault.balance = 0;
    vault.serialize(&mut &mut vault_info.data.borrow_mut()[..])?;
    Ok(())
}
