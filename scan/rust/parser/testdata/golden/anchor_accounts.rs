/// Accounts of a transfer.
#[derive(Accounts)]
#[instruction(amount: u64)]
pub struct Pay<'info> {
    #[account(mut, has_one = owner @ PayError::Owner, seeds = [b"v", owner.key().as_ref()], bump = vault.bump)]
    pub vault: Account<'info, Vault>,
    /// CHECK: receives lamports only
    #[account(mut)]
    pub to: UncheckedAccount<'info>,
    pub owner: Signer<'info>,
}
