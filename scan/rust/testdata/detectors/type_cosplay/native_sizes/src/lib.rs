//! Type cosplay (native), by how the reader tells types apart: Pack::unpack
//! and Borsh try_from_slice of the whole data accept only data of the
//! type's exact length, so account types of different sizes cannot pass for
//! each other through them; a reader of a prefix, or a cast, accepts any
//! longer data, and types of equal size pass for each other anyway.
use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    msg,
    program_error::ProgramError,
    program_pack::{Pack, Sealed},
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

/// 40 bytes.
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Vault {
    pub owner: Pubkey,
    pub balance: u64,
}

/// 48 bytes.
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Config {
    pub admin: Pubkey,
    pub fee: u64,
    pub cap: u64,
}

/// 72 bytes, through Pack.
pub struct Ledger {
    pub owner: Pubkey,
    pub peer: Pubkey,
    pub entries: u64,
}

impl Sealed for Ledger {}

impl Pack for Ledger {
    const LEN: usize = 72;
    fn pack_into_slice(&self, dst: &mut [u8]) {
        dst[..32].copy_from_slice(self.owner.as_ref());
    }
    fn unpack_from_slice(src: &[u8]) -> Result<Self, ProgramError> {
        Ok(Ledger { owner: Pubkey::new_from_array([0; 32]), peer: Pubkey::new_from_array([0; 32]), entries: src.len() as u64 })
    }
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => secure_vault(program_id, accounts),
        Some(1) => secure_config(program_id, accounts),
        Some(2) => secure_ledger(program_id, accounts),
        Some(3) => insecure_vault_prefix(program_id, accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn owned<'a, 'b>(program_id: &Pubkey, accounts: &'a [AccountInfo<'b>]) -> Result<&'a AccountInfo<'b>, ProgramError> {
    let iter = &mut accounts.iter();
    let info = next_account_info(iter)?;
    if info.owner != program_id {
        return Err(ProgramError::IllegalOwner);
    }
    Ok(info)
}

// try_from_slice of the whole data: a Config (48 bytes) or a Ledger (72) is rejected.
fn secure_vault(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let info = owned(program_id, accounts)?;
    let vault = Vault::try_from_slice(&info.data.borrow())?;
    msg!("balance {}", vault.balance);
    Ok(())
}

fn secure_config(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let info = owned(program_id, accounts)?;
    let config = Config::try_from_slice(&info.data.borrow())?;
    msg!("fee {}", config.fee);
    Ok(())
}

// Pack::unpack: only 72 bytes.
fn secure_ledger(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let info = owned(program_id, accounts)?;
    let ledger = Ledger::unpack(&info.data.borrow())?;
    msg!("entries {}", ledger.entries);
    Ok(())
}

// A prefix of the data: a Config or a Ledger reads as a Vault.
fn insecure_vault_prefix(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let info = owned(program_id, accounts)?;
    let vault = Vault::deserialize(&mut &info.data.borrow()[..])?; // want "SOLANA_TYPE_COSPLAY"
    msg!("balance {}", vault.balance);
    Ok(())
}
