"""Verification rules, run in order for every claim.

A rule is a function ``rule(ctx: ClaimContext) -> Verdict | None``. The engine calls the rules of
:data:`RULES` in order and keeps the first verdict returned; ``None`` means "this rule has nothing
to say, try the next". A rule that proves a number returns a passing verdict (``supported_exact``,
``supported_rounded``, ``derived``); a rule that proves it *wrong* (``contradicted``,
``arithmetic_error``, ``wrong_row``) or finds it uncheckable (``unit_unstated``) returns that.
``unsupported``, ``wrong_record``, ``uncited`` and ``unknown_citation`` are decided by the engine
itself, after the rules.

Each rule family lives in its own module (modules with a leading underscore are helpers shared
by rule families, not rules) and registers nothing at import: the order is this tuple. May import
``sources``, ``language``, ``arithmetic``, ``numbers`` and ``model``.
"""

from __future__ import annotations

from crossfoot.model.context import ClaimContext, Rule, Scope, Verdict
from crossfoot.model.options import Options
from crossfoot.rules._beside_reach import beside_reach
from crossfoot.rules._chain_reach import chain_reach
from crossfoot.rules._derive_reach import pairs_reach
from crossfoot.rules._late_reach import cross_reach, quotient_reach
from crossfoot.rules._reach import ReachFn
from crossfoot.rules._rowsums_reach import rowsums_reach
from crossfoot.rules._shape_reach import lines_reach, signed_reach
from crossfoot.rules.annualized import annualized
from crossfoot.rules.arithmetic import written_calculation
from crossfoot.rules.asked_scale import asked_scale
from crossfoot.rules.average_change import average_change
from crossfoot.rules.calc_percent_of import percent_of
from crossfoot.rules.calc_year_means import year_means
from crossfoot.rules.cell_product import cell_product
from crossfoot.rules.change_points_fraction import change_points_fraction
from crossfoot.rules.change_share import change_share
from crossfoot.rules.coarse_ratio import coarse_ratio
from crossfoot.rules.column_change_share import column_change_share
from crossfoot.rules.column_median import column_median
from crossfoot.rules.column_rest import column_rest
from crossfoot.rules.column_rest_change import column_rest_change
from crossfoot.rules.column_scale import column_scale
from crossfoot.rules.column_share import column_share, column_total_change
from crossfoot.rules.compound_named import compound_named
from crossfoot.rules.cross_source import across_sources
from crossfoot.rules.derive import two_operand
from crossfoot.rules.direct import deferred_row_verdict, direct_match
from crossfoot.rules.exact_quotient import exact_quotient
from crossfoot.rules.exact_short import exact_short
from crossfoot.rules.fraction_points import fraction_points
from crossfoot.rules.fraction_share import fraction_share
from crossfoot.rules.full_year import full_year
from crossfoot.rules.group_change import group_change
from crossfoot.rules.group_mean_called import group_mean_called
from crossfoot.rules.growth_gap import growth_gap
from crossfoot.rules.index_return import index_return
from crossfoot.rules.joined_share import joined_share
from crossfoot.rules.median_called import median_called
from crossfoot.rules.multi import multi_operand
from crossfoot.rules.named_base import named_base
from crossfoot.rules.named_metric import named_metric
from crossfoot.rules.named_rows_sum import named_rows_sum
from crossfoot.rules.operand_scale import operand_scale
from crossfoot.rules.pair_change import pair_change
from crossfoot.rules.part_of_change import part_of_change
from crossfoot.rules.part_of_sum import part_of_sum
from crossfoot.rules.part_year import part_year
from crossfoot.rules.per_unit import per_unit
from crossfoot.rules.percent_plain import percent_asked
from crossfoot.rules.period_basis import period_basis
from crossfoot.rules.period_pair_mean import period_pair_mean
from crossfoot.rules.period_rate import period_rate
from crossfoot.rules.period_split import period_split
from crossfoot.rules.period_totals import period_total_change
from crossfoot.rules.profit_cascade import profit_cascade
from crossfoot.rules.range_midpoint import range_midpoint
from crossfoot.rules.rate_product import rate_product
from crossfoot.rules.ratio_defined import ratio_defined
from crossfoot.rules.ratio_points import ratio_points
from crossfoot.rules.restated_result import restated_result
from crossfoot.rules.row_gap_sign import row_gap_sign
from crossfoot.rules.rowsums import row_derivations
from crossfoot.rules.scaled import scaled_operand
from crossfoot.rules.series_span import series_span
from crossfoot.rules.share_points import share_points
from crossfoot.rules.signed_quotient import signed_quotient
from crossfoot.rules.span_mean import span_mean
from crossfoot.rules.spread_average import spread_average
from crossfoot.rules.stated_factor import stated_factor
from crossfoot.rules.stated_fall import stated_fall
from crossfoot.rules.stated_step import stated_step
from crossfoot.rules.steps import step_arithmetic
from crossfoot.rules.sum_share import sum_share
from crossfoot.rules.table_chain import table_chain
from crossfoot.rules.table_chain_mean import changes_mean
from crossfoot.rules.table_chain_mixed import text_beside_cell
from crossfoot.rules.table_chain_named import named_cells_sum
from crossfoot.rules.table_chain_percent import percent_line_sum
from crossfoot.rules.table_chain_share import named_sum_share
from crossfoot.rules.table_chain_text import text_over_cell
from crossfoot.rules.table_chain_unbound import text_cell_change
from crossfoot.rules.text_groups import text_groups
from crossfoot.rules.top_rows import top_rows
from crossfoot.rules.turn_chain import turn_chain
from crossfoot.rules.twice_rounded import twice_rounded
from crossfoot.rules.units import unit_unstated
from crossfoot.rules.whole_of_part import whole_of_part
from crossfoot.rules.year_count import year_count
from crossfoot.rules.year_list_total import year_list_total

# The rule types live in crossfoot.model.context (below the rules and the language helpers);
# they are re-exported here for rule authors.
__all__ = ["REACHES", "RULES", "ClaimContext", "Options", "Rule", "Scope", "Verdict", "rules"]

RULES: tuple[Rule, ...] = (
    written_calculation,  # "a - b = c" the answer writes out must add up
    restated_result,  # "= 400. Thus the total is 400": a restatement is the result it restates
    percent_of,  # "12.41% of 4,930 = 611.8": a product written with "of" must add up
    range_midpoint,  # "the midpoint is $19.1 billion": the mean of a stated range's two ends
    group_mean_called,  # "AMER averaged 8 deals": the mean of a named group's rows (trace)
    median_called,  # "the median rep closed 12": a cell of the column, but not its median
    direct_match,  # exact / rounded / unit header / fraction<->percent, then the row check
    stated_fall,  # "-12%" for "decreased 12%": a fall the sources word, with its sign
    scaled_operand,  # "(2.9 - 2.1) / 2.1": a calculation's operands read in millions
    row_derivations,  # result rows: column sums and means, shares, row sums (trace only)
    group_change,  # result rows: the change of two named periods' totals (trace only)
    series_span,  # result rows: a named column's change over a whole series (trace only)
    column_scale,  # result rows: "$4.2M" of a column named revenue_musd (trace only)
    text_groups,  # a long table pasted as text: a period's total, share, change (check only)
    step_arithmetic,  # restatements and arithmetic over already grounded numbers
    annualized,  # a quarter's or a month's figure of the sentence at an annual rate
    period_rate,  # "grew 4% a week": a line of weeks' (months', quarters') compound rate
    compound_named,  # "a CAGR of 10%": only a compound annual rate meets a figure so named
    # (before two_operand: one year's difference that equals an average change is no answer
    # to "the average annual change from 2017 to 2019")
    average_change,  # the change between two averages of the rows the text names
    part_year,  # "through the third quarter, revenue totaled ...": that part's sum, not the year's
    span_mean,  # "averaged $125m from 2020 to 2023": every year of the span, not its two ends
    named_metric,  # "net debt was $1,350 million": debt less cash, by the metric's definition
    ratio_defined,  # "the quick ratio was 1.25": a ratio called by its name is its definition
    full_year,  # "full-year revenue grew 9.3%": the change of the years' sums of quarters
    period_basis,  # "Q4 revenue rose 15.6% year over year": from Q4 a year earlier, not Q3
    # (before two_operand: "the top 2 regions sold 800" is no sum of two other rows)
    top_rows,  # "the top two regions made 62% of revenue": a column's N largest, summed
    two_operand,  # change, % change, pp, bps, difference, sum, share, ratio, mean
    named_rows_sum,  # "X and Y sold $4.95m in 2024": one figure of two named rows, their sum
    exact_quotient,  # "-0.035" for (96.50 - 100) / 100: a coarse fraction, a quotient exactly
    change_points_fraction,  # "0.015" for 36.9% -> 38.4%: a change in points as a fraction
    index_return,  # "-3.6" for $ 96.40 of an index table based at 100: a cell's return
    multi_operand,  # sums and means of 3..k values, CAGR
    year_list_total,  # "4.4 million": a coarse mean of one sentence's figures of the named years
    pair_change,  # the change of two named rows' sum or quotient between two named years
    year_means,  # a mean of named quotients over named years; a change per year over a span
    ratio_points,  # a named ratio's change in points between two years ("margin up 3 pp")
    fraction_points,  # "1 point higher" of two named rows' rates stored as fractions (0.04)
    growth_gap,  # the gap between two series' relative changes over one period
    coarse_ratio,  # a coarse ratio ("0.7") of two rows the text names, in one column
    fraction_share,  # "two-fifths of total revenue": a share of named rows, in words
    across_sources,  # a fine figure of an uncited sentence from values of two of its sources
    asked_scale,  # a plain figure in the unit its question asks for ("divided by 1000")
    stated_step,  # a plain figure one step its question states from another ("that less 1")
    stated_factor,  # ... or one multiplicative step ("that divided by 12", "that times 3")
    operand_scale,  # a plain sum or mean in the unit its prose operands are written in
    part_of_sum,  # a fine fraction x / (x + y) of two crossfooting amounts
    part_of_change,  # a fine share of a change, x / (b - a): a driver of a variance analysis
    change_share,  # a line's change as a share of another's, named, over the same two periods
    column_change_share,  # "North made 59% of sales growth": of the column's whole change
    whole_of_part,  # a fine whole from an amount and its apposed percentage, x / (p / 100)
    column_rest,  # "excluding North, sales were 7,593": a column's whole less named rows
    column_rest_change,  # "excluding Cloud, revenue grew 2.5%": that rest's change
    column_median,  # "the median region sold 2,975": the middle cell of a named column
    rate_product,  # "a 12% margin on 2,910 is about 349": the sentence's amount times its rate
    sum_share,  # (a + b) / c of three rows the text names, in one column
    joined_share,  # "North and South made up 58%": joined rows' share, together, of the column
    column_share,  # named rows' share of a column whose total the table does not write
    column_total_change,  # the change of that unwritten total between two years
    period_total_change,  # ... and between two quarters or months ("from Q1 to Q2")
    share_points,  # "North's share rose 1.8 points": a share's change between two years
    per_unit,  # "average order value $118.05": an amount over a count line's cell beside it
    spread_average,  # "the annual average" of "$1,031 million amortized over 10 years"
    period_split,  # "the average monthly rent": a year's figure over 12 (over 4 per quarter)
    percent_asked,  # a plain number the text asks for in percent ("times 100"), as that percent
    profit_cascade,  # "gross margin was 40%": sales less the cost lines below them, over sales
    turn_chain,  # a figure over the figures a conversation's earlier turns asked for
    table_chain,  # a fine figure two steps over one table's cells, counted against chance
    named_cells_sum,  # a sum of three or four cells of one line, each named by the question
    percent_line_sum,  # a sum of three or four percentages of one line, counted against chance
    changes_mean,  # the average of lines' changes between two years, counted against chance
    period_pair_mean,  # "the average between them": two neighbouring cells of one period
    cell_product,  # "the total cost of those shares": two aligned cells' product, asked
    named_sum_share,  # a sum of named cells over a named cell of its line, counted against chance
    text_over_cell,  # a fine quotient of a prose figure and a cell the question names
    text_beside_cell,  # one operation over a text figure and a cell of its line, by chance
    text_cell_change,  # a very fine change of a text figure and a cell of two years, unbound
    signed_quotient,  # a negative figure as a loss over a positive cell, counted against chance
    named_base,  # a change over the base the question names, either way round, against chance
    row_gap_sign,  # "-145" for the difference of two rows the question names in no order
    exact_short,  # "25" for 50 / 200 * 100: a coarse figure a fine derivation gives exactly
    twice_rounded,  # "about 0.285" for 0.28448: a hedged figure rounded twice, half up
    year_count,  # "the 3 years from 2017 to 2019": a count of the years the text names
    deferred_row_verdict,  # "rose by" a figure of another row that no change above met
    unit_unstated,  # a scale word on digits of a table that states no unit: fails, named
)

#: The rules that say which values they can produce (:mod:`crossfoot.rules._reach`): the engine
#: skips one for a claim that none of its values approaches. A rule not listed always runs.
REACHES: dict[Rule, ReachFn] = {
    row_derivations: rowsums_reach,
    two_operand: pairs_reach,
    text_over_cell: quotient_reach,
    table_chain: chain_reach,
    text_beside_cell: beside_reach,
    across_sources: cross_reach,
    multi_operand: lines_reach,  # (the scope's values alone: rules._shape_reach)
    signed_quotient: signed_reach,
}


def rules() -> tuple[Rule, ...]:
    """The ordered rule tuple."""
    return RULES
