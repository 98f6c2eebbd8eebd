import { TableScroll } from '../common/table-scroll.component';
import { numberWords } from '../charts/chart-scale';
import { categoryWords, type DimensionRow } from './report-model';

/**
 * The numbers of one score type's dimensions, as the API answered them: the chart's text
 * equivalent, and what a screen reader, the printout and the browser test read.
 */
export function DimensionTable({ id, caption, rows }: { id: string; caption: string; rows: readonly DimensionRow[] }) {
  return (
    <TableScroll label={caption}>
      <table className="data-table" id={id}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Dimension</th>
            <th scope="col">Candidate level</th>
            <th scope="col">Team mean</th>
            <th scope="col">Team lowest</th>
            <th scope="col">Team highest</th>
            <th scope="col">Difference to the mean</th>
            <th scope="col">Dimension score</th>
            <th scope="col">Weight</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.questionGroupId} data-dimension={row.questionGroupId}>
              <th scope="row">{row.name}</th>
              <td data-field="candidateLevel">{numberWords(row.candidateLevel)}</td>
              <td data-field="teamMean">{numberWords(row.teamMean)}</td>
              <td data-field="teamMin">{numberWords(row.teamMin)}</td>
              <td data-field="teamMax">{numberWords(row.teamMax)}</td>
              <td data-field="delta">{numberWords(row.delta)}</td>
              <td data-field="scorePercentage">
                {numberWords(row.scorePercentage)} ({categoryWords(row.scoreCategory).toLowerCase()})
              </td>
              <td data-field="weightPercentage">{numberWords(row.weightPercentage)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
