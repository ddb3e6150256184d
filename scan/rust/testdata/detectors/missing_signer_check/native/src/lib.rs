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
        2 => insecure_set_admin_helper(program_id, accounts, new_admin),
        3 => secure_set_admin_helper(program_id, accounts, new_admin),
        4 => secure_credit(program_id, accounts),
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

// The admin is matched by a helper that compares the keys in another form; nothing
// makes it sign.
fn insecure_set_admin_helper(program_id: &Pubkey, accounts: &[AccountInfo], new_admin: Pubkey) -> ProgramResult {
    let [config_info, admin] = accounts else { // want "SOLANA_MISSING_SIGNER_CHECK"
        return Err(ProgramError::NotEnoughAccountKeys);
    };
    let mut config = load_config(program_id, config_info)?;
    require_admin(&config, admin)?;
    config.admin = new_admin;
    config.serialize(&mut &mut config_info.data.borrow_mut()[..])?;
    Ok(())
}

// The same, with a helper that also checks the signature.
fn secure_set_admin_helper(program_id: &Pubkey, accounts: &[AccountInfo], new_admin: Pubkey) -> ProgramResult {
    let [config_info, admin] = accounts else {
        return Err(ProgramError::NotEnoughAccountKeys);
    };
    let mut config = load_config(program_id, config_info)?;
    require_signed_admin(&config, admin)?;
    config.admin = new_admin;
    config.serialize(&mut &mut config_info.data.borrow_mut()[..])?;
    Ok(())
}

// The beneficiary is matched with stored state, but only receives lamports.
fn secure_credit(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let config_info = next_account_info(iter)?;
    let beneficiary = next_account_info(iter)?;
    let config = load_config(program_id, config_info)?;
    if !solana_program::pubkey::Pubkey::eq(&config.admin, beneficiary.key) {
        return Err(ProgramError::InvalidAccountData);
    }
    **config_info.try_borrow_mut_lamports()? -= 1;
    **beneficiary.try_borrow_mut_lamports()? += 1;
    Ok(())
}

fn load_config(program_id: &Pubkey, info: &AccountInfo) -> Result<Config, ProgramError> {
    if info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    Ok(Config::try_from_slice(&info.data.borrow())?)
}

fn require_admin(config: &Config, admin: &AccountInfo) -> ProgramResult {
    if !config.admin.eq(admin.key) {
        return Err(ProgramError::InvalidAccountData);
    }
    Ok(())
}

fn require_signed_admin(config: &Config, admin: &AccountInfo) -> ProgramResult {
    require_admin(config, admin)?;
    if !admin.is_signer {
        return Err(ProgramError::MissingRequiredSignature);
    }
    Ok(())
}
