//! Token-2022 transfer fees (native): spl_token_2022's transfer_checked
//! builder serves both token programs, so a mint with a transfer fee can
//! come in, and the vault then receives the amount minus the fee.
use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    clock::Clock,
    entrypoint,
    entrypoint::ProgramResult,
    program::{invoke, invoke_signed},
    program_error::ProgramError,
    program_pack::Pack,
    pubkey::Pubkey,
    sysvar::Sysvar,
};
use spl_token_2022::{
    extension::{transfer_fee::TransferFeeConfig, BaseStateWithExtensions, StateWithExtensions},
    instruction::transfer_checked,
    state::{Account as TokenAccount, Mint},
};

entrypoint!(process_instruction);

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Ledger {
    pub deposited: u64,
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let amount = u64::from_le_bytes(data[1..9].try_into().map_err(|_| ProgramError::InvalidInstructionData)?);
    match data[0] {
        0 => insecure_deposit(accounts, amount, data[9]),
        1 => secure_deposit_fee(accounts, amount, data[9]),
        2 => secure_deposit_measured(accounts, amount, data[9]),
        _ => secure_withdraw(program_id, accounts, amount, data[9]),
    }
}

fn insecure_deposit(accounts: &[AccountInfo], amount: u64, decimals: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let user_tokens = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let vault_tokens = next_account_info(iter)?;
    let ledger_info = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    invoke(
        &transfer_checked(token_program.key, user_tokens.key, mint.key, vault_tokens.key, user.key, &[], amount, decimals)?,
        &[user_tokens.clone(), mint.clone(), vault_tokens.clone(), user.clone()],
    )?;
    let mut ledger = Ledger::try_from_slice(&ledger_info.data.borrow())?;
    ledger.deposited += amount; // want "SOLANA_TOKEN_2022_TRANSFER_FEE_IGNORED"
    ledger.serialize(&mut &mut ledger_info.data.borrow_mut()[..])?;
    Ok(())
}

// The mint's fee for this epoch is taken off before crediting.
fn secure_deposit_fee(accounts: &[AccountInfo], amount: u64, decimals: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let user_tokens = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let vault_tokens = next_account_info(iter)?;
    let ledger_info = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    let fee = {
        let data = mint.data.borrow();
        let state = StateWithExtensions::<Mint>::unpack(&data)?;
        match state.get_extension::<TransferFeeConfig>() {
            Ok(cfg) => cfg.calculate_epoch_fee(Clock::get()?.epoch, amount).ok_or(ProgramError::ArithmeticOverflow)?,
            Err(_) => 0,
        }
    };
    invoke(
        &transfer_checked(token_program.key, user_tokens.key, mint.key, vault_tokens.key, user.key, &[], amount, decimals)?,
        &[user_tokens.clone(), mint.clone(), vault_tokens.clone(), user.clone()],
    )?;
    let mut ledger = Ledger::try_from_slice(&ledger_info.data.borrow())?;
    ledger.deposited += amount - fee;
    ledger.serialize(&mut &mut ledger_info.data.borrow_mut()[..])?;
    Ok(())
}

// The vault's balance is read before and after the transfer, and the
// deposit refused unless all of it arrived.
fn secure_deposit_measured(accounts: &[AccountInfo], amount: u64, decimals: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let user_tokens = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let vault_tokens = next_account_info(iter)?;
    let ledger_info = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    let before = TokenAccount::unpack_from_slice(&vault_tokens.data.borrow()[..TokenAccount::LEN])?.amount;
    invoke(
        &transfer_checked(token_program.key, user_tokens.key, mint.key, vault_tokens.key, user.key, &[], amount, decimals)?,
        &[user_tokens.clone(), mint.clone(), vault_tokens.clone(), user.clone()],
    )?;
    let after = TokenAccount::unpack_from_slice(&vault_tokens.data.borrow()[..TokenAccount::LEN])?;
    if after.amount.checked_sub(before) != Some(amount) {
        // A fee was withheld: this program takes only fee-free mints.
        return Err(ProgramError::InvalidArgument);
    }
    let mut ledger = Ledger::try_from_slice(&ledger_info.data.borrow())?;
    ledger.deposited += amount;
    ledger.serialize(&mut &mut ledger_info.data.borrow_mut()[..])?;
    Ok(())
}

// The program pays out from its PDA: the user bears any fee.
fn secure_withdraw(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64, decimals: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let user_tokens = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let vault_tokens = next_account_info(iter)?;
    let ledger_info = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    let (vault_authority, bump) = Pubkey::find_program_address(&[b"vault"], program_id);
    let ix = transfer_checked(token_program.key, vault_tokens.key, mint.key, user_tokens.key, &vault_authority, &[], amount, decimals)?;
    invoke_signed(&ix, &[vault_tokens.clone(), mint.clone(), user_tokens.clone(), user.clone()], &[&[b"vault", &[bump]]])?;
    let mut ledger = Ledger::try_from_slice(&ledger_info.data.borrow())?;
    ledger.deposited = ledger.deposited.checked_sub(amount).ok_or(ProgramError::InsufficientFunds)?;
    ledger.serialize(&mut &mut ledger_info.data.borrow_mut()[..])?;
    Ok(())
}
