//! Insecure account closing (native, closed by a mark in a field): an account drained of its
//! lamports and marked closed through a typed view of its data is closed only when the
//! program tests that mark before using an account; a mark nothing reads leaves a revived
//! account usable.
use bytemuck::{Pod, Zeroable};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
};
use std::cell::RefMut;

entrypoint!(process_instruction);

pub const LIVE: u64 = 1;
pub const CLOSED: u64 = 2;

#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
pub struct Position {
    pub status: u64,
    pub retired: u64,
    pub owner: Pubkey,
    pub size: u64,
}

/// The position's state, after checking the program owns it.
fn load_position<'a>(program_id: &Pubkey, acc: &'a AccountInfo) -> Result<RefMut<'a, Position>, ProgramError> {
    if acc.owner != program_id {
        return Err(ProgramError::IllegalOwner);
    }
    let data = acc.try_borrow_mut_data()?;
    Ok(RefMut::map(data, |d| bytemuck::from_bytes_mut(&mut d[..std::mem::size_of::<Position>()])))
}

/// The accounts of a close, parsed: the position's state is handed on as a view.
struct CloseArgs<'a, 'b> {
    position: RefMut<'a, Position>,
    position_acc: &'a AccountInfo<'b>,
    dest: &'a AccountInfo<'b>,
}

fn parse_close<'a, 'b>(program_id: &Pubkey, accounts: &'a [AccountInfo<'b>]) -> Result<CloseArgs<'a, 'b>, ProgramError> {
    let iter = &mut accounts.iter();
    let owner = next_account_info(iter)?;
    let position_acc = next_account_info(iter)?;
    let dest = next_account_info(iter)?;
    let position = load_position(program_id, position_acc)?;
    if !owner.is_signer || position.owner != *owner.key {
        return Err(ProgramError::MissingRequiredSignature);
    }
    Ok(CloseArgs { position, position_acc, dest })
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.first() {
        Some(0) => secure_close_marked(parse_close(program_id, accounts)?),
        Some(1) => insecure_close_retired(parse_close(program_id, accounts)?),
        Some(2) => grow(program_id, accounts),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

/// Marked CLOSED in `status`, which every use of a position tests (grow).
fn secure_close_marked(args: CloseArgs) -> ProgramResult {
    let CloseArgs { mut position, position_acc, dest } = args;
    **dest.try_borrow_mut_lamports()? += position_acc.lamports();
    **position_acc.try_borrow_mut_lamports()? = 0;
    position.status = CLOSED;
    Ok(())
}

/// Marked in `retired`, which no code tests: refunded within the transaction, the
/// position is still live.
fn insecure_close_retired(args: CloseArgs) -> ProgramResult {
    let CloseArgs { mut position, position_acc, dest } = args;
    **dest.try_borrow_mut_lamports()? += position_acc.lamports();
    **position_acc.try_borrow_mut_lamports()? = 0; // want "SOLANA_INSECURE_ACCOUNT_CLOSING"
    position.retired = 1;
    Ok(())
}

fn grow(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let owner = next_account_info(iter)?;
    let position_acc = next_account_info(iter)?;
    let mut position = load_position(program_id, position_acc)?;
    if !owner.is_signer || position.owner != *owner.key {
        return Err(ProgramError::MissingRequiredSignature);
    }
    if position.status != LIVE {
        return Err(ProgramError::InvalidAccountData);
    }
    position.size = position.size.checked_add(1).ok_or(ProgramError::ArithmeticOverflow)?;
    Ok(())
}
