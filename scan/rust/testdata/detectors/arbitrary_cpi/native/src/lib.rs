//! Arbitrary CPI (native): an instruction built for a program id taken
//! from an unchecked account and invoked with the caller's privileges.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    instruction::{AccountMeta, Instruction},
    program::{invoke, invoke_signed},
    program_error::ProgramError,
    pubkey::Pubkey,
    system_instruction,
};

entrypoint!(process_instruction);

pub mod oracle {
    solana_program::declare_id!("Orac1e1111111111111111111111111111111111111");
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    match data.split_first() {
        Some((0, rest)) => insecure_refresh(accounts, rest),
        Some((1, rest)) => secure_refresh(accounts, rest),
        Some((2, rest)) => insecure_pay(program_id, accounts, rest),
        Some((3, rest)) => secure_pay_out(program_id, accounts, rest),
        Some((4, rest)) => insecure_relay(program_id, accounts, rest),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn insecure_refresh(accounts: &[AccountInfo], payload: &[u8]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let oracle_program = next_account_info(iter)?;
    let ix = Instruction {
        program_id: *oracle_program.key,
        accounts: vec![AccountMeta::new(*user.key, true)],
        data: payload.to_vec(),
    };
    // Unsigned, and the instruction does nothing else: the caller's own signature goes to a
    // program the caller names, which it could call itself (low: a forwarder).
    invoke(&ix, &[user.clone(), oracle_program.clone()]) // want "SOLANA_ARBITRARY_CPI" severity=low
}

fn secure_refresh(accounts: &[AccountInfo], payload: &[u8]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let oracle_program = next_account_info(iter)?;
    if *oracle_program.key != oracle::ID {
        return Err(ProgramError::IncorrectProgramId);
    }
    let ix = Instruction {
        program_id: *oracle_program.key,
        accounts: vec![AccountMeta::new(*user.key, true)],
        data: payload.to_vec(),
    };
    invoke(&ix, &[user.clone(), oracle_program.clone()])
}

fn insecure_pay(program_id: &Pubkey, accounts: &[AccountInfo], payload: &[u8]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let vault = next_account_info(iter)?;
    let target_program = next_account_info(iter)?;
    let (_, bump) = Pubkey::find_program_address(&[b"vault"], program_id);
    let ix = Instruction::new_with_bytes(*target_program.key, payload, vec![AccountMeta::new(*vault.key, true)]);
    // The vault PDA holds the lamports secure_pay_out pays: its signature lets the named
    // program take them.
    invoke_signed(&ix, &[vault.clone(), target_program.clone()], &[&[b"vault", &[bump]]]) // want "SOLANA_ARBITRARY_CPI" severity=critical
}

// The vault pays a fixed treasury: what makes the vault PDA worth stealing from.
fn secure_pay_out(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let vault = next_account_info(iter)?;
    let treasury = next_account_info(iter)?;
    let (expected, bump) = Pubkey::find_program_address(&[b"vault"], program_id);
    if expected != *vault.key || *treasury.key != oracle::ID {
        return Err(ProgramError::InvalidSeeds);
    }
    let lamports = u64::from_le_bytes(data.get(..8).and_then(|b| b.try_into().ok()).ok_or(ProgramError::InvalidInstructionData)?);
    invoke_signed(&system_instruction::transfer(vault.key, treasury.key, lamports), &[vault.clone(), treasury.clone()], &[&[b"vault", &[bump]]])
}

// A relay PDA that signs only the calls it relays and holds nothing: what a caller leaves
// with it any caller can move (low).
fn insecure_relay(program_id: &Pubkey, accounts: &[AccountInfo], payload: &[u8]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let relay = next_account_info(iter)?;
    let target_program = next_account_info(iter)?;
    let (_, bump) = Pubkey::find_program_address(&[b"relay"], program_id);
    let ix = Instruction::new_with_bytes(*target_program.key, payload, vec![AccountMeta::new(*relay.key, true)]);
    invoke_signed(&ix, &[relay.clone(), target_program.clone()], &[&[b"relay", &[bump]]]) // want "SOLANA_ARBITRARY_CPI" severity=low
}
