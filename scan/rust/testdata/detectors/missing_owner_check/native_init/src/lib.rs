//! Missing owner check at initialisation (native): whose funds a forged account can move. A
//! pool's creator passes its fee account and reserve unchecked. The fee account's key is
//! recorded and later only handed to the token program, which refuses accounts it does not
//! own: a forged one spoils only the creator's own pool (low). The reserve's key is recorded
//! and later read by key to price what others pay in: a forged reserve prices their deposits
//! (critical).
use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    msg,
    program::invoke,
    program_error::ProgramError,
    program_pack::Pack,
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Pool {
    pub is_initialized: bool,
    pub paused: bool,
    pub price: u64,
    pub reserve: Pubkey,
    pub fee_account: Pubkey,
    pub shares: u64,
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let amount = u64::from_le_bytes(data.get(1..9).and_then(|b| b.try_into().ok()).ok_or(ProgramError::InvalidInstructionData)?);
    match data.first() {
        Some(0) => init_pool(accounts),
        Some(1) => pay_fee(program_id, accounts, amount),
        Some(2) => quote(program_id, accounts, amount),
        Some(3) => reprice(program_id, accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn init_pool(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let pool_info = next_account_info(iter)?;
    let fee_info = next_account_info(iter)?;
    let reserve_info = next_account_info(iter)?;
    let pool = Pool::try_from_slice(&pool_info.data.borrow())?;
    if pool.is_initialized {
        return Err(ProgramError::AccountAlreadyInitialized);
    }
    let fee = spl_token::state::Account::unpack(&fee_info.data.borrow())?; // want "SOLANA_MISSING_OWNER_CHECK" severity=low
    let reserve = spl_token::state::Account::unpack(&reserve_info.data.borrow())?; // want "SOLANA_MISSING_OWNER_CHECK" severity=critical
    if fee.mint != reserve.mint {
        return Err(ProgramError::InvalidAccountData);
    }
    let state = Pool { is_initialized: true, paused: false, price: 0, reserve: *reserve_info.key, fee_account: *fee_info.key, shares: reserve.amount };
    state.serialize(&mut &mut pool_info.data.borrow_mut()[..])?;
    Ok(())
}

// The recorded fee account is only ever paid through the token program.
fn pay_fee(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let pool_info = next_account_info(iter)?;
    let fee_info = next_account_info(iter)?;
    let source = next_account_info(iter)?;
    let user = next_account_info(iter)?;
    if pool_info.owner != program_id || !user.is_signer {
        return Err(ProgramError::IllegalOwner);
    }
    let pool = Pool::try_from_slice(&pool_info.data.borrow())?;
    if *fee_info.key != pool.fee_account {
        return Err(ProgramError::InvalidAccountData);
    }
    let ix = spl_token::instruction::transfer(&spl_token::id(), source.key, fee_info.key, user.key, &[], amount)?;
    invoke(&ix, &[source.clone(), fee_info.clone(), user.clone()])
}

// The recorded reserve is read by its key: its balance prices what a depositor gets.
fn quote(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let pool_info = next_account_info(iter)?;
    let reserve_info = next_account_info(iter)?;
    if pool_info.owner != program_id {
        return Err(ProgramError::IllegalOwner);
    }
    let pool = Pool::try_from_slice(&pool_info.data.borrow())?;
    if *reserve_info.key != pool.reserve {
        return Err(ProgramError::InvalidAccountData);
    }
    let reserve = spl_token::state::Account::unpack(&reserve_info.data.borrow())?;
    msg!("shares for {}: {} of {}", amount, pool.shares, reserve.amount);
    Ok(())
}

// Not an initialisation: it tests another stored field (paused) and rewrites the live pool's
// price from a forged oracle's data, which every later trade reads.
fn reprice(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let pool_info = next_account_info(iter)?;
    let oracle_info = next_account_info(iter)?;
    let mut pool = Pool::try_from_slice(&pool_info.data.borrow())?;
    if pool.paused || pool_info.owner != program_id {
        return Err(ProgramError::InvalidAccountData);
    }
    let oracle = spl_token::state::Account::unpack(&oracle_info.data.borrow())?; // want "SOLANA_MISSING_OWNER_CHECK" severity=critical
    pool.price = oracle.amount;
    pool.serialize(&mut &mut pool_info.data.borrow_mut()[..])?;
    Ok(())
}
