//! A native Solana counter program with a treasury, written for Vigil's
//! parser tests. It avoids Anchor and checks accounts by hand.

use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    msg,
    program::{invoke, invoke_signed},
    program_error::ProgramError,
    program_pack::Pack,
    pubkey::Pubkey,
    rent::Rent,
    system_instruction,
    sysvar::{self, Sysvar},
};

pub mod error;
pub mod instruction;

use crate::error::CounterError;
use crate::instruction::CounterInstruction;

#[cfg(not(feature = "no-entrypoint"))]
entrypoint!(process_instruction);

#[derive(BorshSerialize, BorshDeserialize, Debug, Default, Clone)]
pub struct Counter {
    pub is_initialized: bool,
    pub owner: Pubkey,
    pub count: u64,
    pub bump: u8,
}

impl Counter {
    pub const LEN: usize = 1 + 32 + 8 + 1;
}

pub fn process_instruction(
    program_id: &Pubkey,
    accounts: &[AccountInfo],
    instruction_data: &[u8],
) -> ProgramResult {
    let instruction = CounterInstruction::try_from_slice(instruction_data)
        .map_err(|_| ProgramError::InvalidInstructionData)?;
    match instruction {
        CounterInstruction::Initialize { bump } => initialize(program_id, accounts, bump),
        CounterInstruction::Increment { by } => increment(program_id, accounts, by),
        CounterInstruction::Withdraw { lamports } => {
            withdraw(program_id, accounts, lamports)
        }
        CounterInstruction::Transfer { amount } => transfer_tokens(accounts, amount),
    }
}

fn initialize(program_id: &Pubkey, accounts: &[AccountInfo], bump: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let payer = next_account_info(iter)?;
    let counter = next_account_info(iter)?;
    let system_program = next_account_info(iter)?;
    let rent_info = next_account_info(iter)?;

    if !payer.is_signer {
        return Err(ProgramError::MissingRequiredSignature);
    }
    if *rent_info.key != sysvar::rent::ID {
        return Err(ProgramError::InvalidArgument);
    }
    let rent = Rent::from_account_info(rent_info)?;
    let expected = Pubkey::create_program_address(&[b"counter", payer.key.as_ref(), &[bump]], program_id)?;
    if expected != *counter.key {
        return Err(CounterError::BadSeeds.into());
    }
    let lamports = rent.minimum_balance(Counter::LEN);
    invoke_signed(
        &system_instruction::create_account(payer.key, counter.key, lamports, Counter::LEN as u64, program_id),
        &[payer.clone(), counter.clone(), system_program.clone()],
        &[&[b"counter", payer.key.as_ref(), &[bump]]],
    )?;
    let state = Counter { is_initialized: true, owner: *payer.key, count: 0, bump };
    state.serialize(&mut &mut counter.data.borrow_mut()[..])?;
    Ok(())
}

fn increment(program_id: &Pubkey, accounts: &[AccountInfo], by: u64) -> ProgramResult {
    let [owner, counter_info] = accounts else {
        return Err(ProgramError::NotEnoughAccountKeys);
    };
    if counter_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    if !owner.is_signer {
        return Err(ProgramError::MissingRequiredSignature);
    }
    let mut counter = Counter::try_from_slice(&counter_info.data.borrow())?;
    if counter.owner != *owner.key {
        return Err(CounterError::NotOwner.into());
    }
    counter.count = counter.count.checked_add(by).ok_or(CounterError::Overflow)?;
    counter.serialize(&mut *counter_info.data.borrow_mut())?;
    msg!("count is now {}", counter.count);
    Ok(())
}

fn withdraw(program_id: &Pubkey, accounts: &[AccountInfo], lamports: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let owner = next_account_info(iter)?;
    let counter_info = next_account_info(iter)?;
    if counter_info.owner != program_id || !owner.is_signer {
        return Err(ProgramError::IllegalOwner);
    }
    **counter_info.try_borrow_mut_lamports()? -= lamports;
    **owner.try_borrow_mut_lamports()? += lamports;
    Ok(())
}

fn transfer_tokens(accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let source = next_account_info(iter)?;
    let destination = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    if *token_program.key != spl_token::id() {
        return Err(ProgramError::IncorrectProgramId);
    }
    let data = spl_token::state::Account::unpack(&source.data.borrow())?;
    if data.amount < amount {
        return Err(CounterError::Insufficient.into());
    }
    let ix = spl_token::instruction::transfer(
        token_program.key,
        source.key,
        destination.key,
        authority.key,
        &[],
        amount,
    )?;
    invoke(&ix, &[source.clone(), destination.clone(), authority.clone(), token_program.clone()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn len_matches() {
        assert_eq!(Counter::LEN, borsh::to_vec(&Counter::default()).unwrap().len());
    }
}
